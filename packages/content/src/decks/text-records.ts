// CSV/TSV records with RFC-4180 quoting, as Anki's Rust `csv` reader reads them: ragged rows
// allowed, `#` lines skipped but `#` inside a field kept, and every record size capped.
import { CsvError } from "csv-parse/sync";
import { parse } from "csv-parse/sync";
import { DeckRefusedError, formatCount } from "./limits.ts";

export interface TextRecord {
  fields: string[];
  /** 1-based line of the file where the record starts. */
  line: number;
}

export interface RecordOptions {
  delimiter: string;
  /** Lines before `body` in the file (a header block), so lines point into the file. */
  lineOffset: number;
  maxRecords: number;
  maxFieldChars: number;
  /** Kotoba's first row names the columns and is not a card. */
  skipFirstRecord?: boolean;
  skipComments?: boolean;
}

export function readRecords(body: string, options: RecordOptions): TextRecord[] {
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = parse(body, {
      delimiter: options.delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      ...(options.skipComments === false ? {} : { comment: "#", comment_no_infix: true }),
      // A record may hold every field at the cap, plus quoting.
      max_record_size: options.maxFieldChars * 8,
      from: options.skipFirstRecord ? 2 : 1,
      to: options.maxRecords + (options.skipFirstRecord ? 2 : 1),
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) {
      const lines = (error as CsvError & { lines?: number }).lines;
      const line = typeof lines === "number" ? lines + options.lineOffset : 1;
      throw new DeckRefusedError(`line ${line}: ${error.message.replace(/^Invalid|^Max Record Size/u, (m) => m.toLowerCase())}`, line, { cause: error });
    }
    throw error;
  }
  if (parsed.length > options.maxRecords) {
    throw new DeckRefusedError(`more than ${formatCount(options.maxRecords)} rows; at most ${formatCount(options.maxRecords)} are accepted`);
  }
  const records: TextRecord[] = [];
  let previousEnd = options.lineOffset;
  for (const { record, info } of parsed) {
    const end = info.lines + options.lineOffset;
    // A record spans from the line after the previous one to `end`; multi-line fields report their last line.
    const newlines = record.reduce((sum, field) => sum + countNewlines(field), 0);
    records.push({ fields: record, line: Math.max(previousEnd + 1, end - newlines) });
    previousEnd = end;
  }
  return records;
}

function countNewlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) count++;
  return count;
}
