// A package's zip, read without trusting it: entry count and declared sizes checked from the
// central directory before anything is inflated; yauzl refuses `../` and absolute names and
// stops an entry whose real size differs from its declared one. Only named entries are read.
import yauzl from "yauzl";
import type { Entry, ZipFile } from "yauzl";
import { DeckRefusedError, formatCount } from "./limits.ts";

export interface ZipEntryInfo {
  name: string;
  uncompressedSize: number;
}

export interface ZipArchive {
  entries: ReadonlyMap<string, ZipEntryInfo>;
  /** Inflates one entry, refusing it when it declares (or turns out to hold) more than `maxBytes`. */
  read(name: string, maxBytes: number): Promise<Uint8Array>;
  close(): void;
}

export function startsWithZipMagic(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function openZip(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: false }, (error, zip) => {
      if (error) reject(new DeckRefusedError(`not a readable zip archive (${describe(error)})`, 1, { cause: error }));
      else resolve(zip);
    });
  });
}

export async function openZipArchive(bytes: Uint8Array, maxEntries: number): Promise<ZipArchive> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const zip = await openZip(buffer);
  if (zip.entryCount > maxEntries) {
    zip.close();
    throw new DeckRefusedError(`the archive has ${formatCount(zip.entryCount)} entries; at most ${formatCount(maxEntries)} are accepted`);
  }
  const entries = new Map<string, Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: Entry) => {
      if (!entries.has(entry.fileName)) entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on("end", () => resolve());
    zip.on("error", (error: unknown) => reject(new DeckRefusedError(`the archive is corrupt or unsafe (${describe(error)})`, 1, { cause: error })));
    zip.readEntry();
  });
  const read = (name: string, maxBytes: number): Promise<Uint8Array> => {
    const entry = entries.get(name);
    if (entry === undefined) return Promise.reject(new DeckRefusedError(`the archive has no "${name}" entry`));
    if (entry.uncompressedSize > maxBytes) {
      return Promise.reject(
        new DeckRefusedError(`"${name}" would inflate to ${formatCount(entry.uncompressedSize)} bytes; at most ${formatCount(maxBytes)} are accepted`),
      );
    }
    return new Promise((resolve, reject) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) {
          reject(new DeckRefusedError(`cannot read "${name}" in the archive (${describe(error)})`, 1, { cause: error }));
          return;
        }
        const chunks: Buffer[] = [];
        let total = 0;
        stream.on("data", (chunk: Buffer) => {
          total += chunk.length;
          if (total > maxBytes) {
            stream.destroy(new Error(`more than ${formatCount(maxBytes)} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        stream.on("error", (streamError: unknown) =>
          reject(new DeckRefusedError(`"${name}" in the archive is corrupt or a zip bomb (${describe(streamError)})`, 1, { cause: streamError })),
        );
        stream.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks, total))));
      });
    });
  };
  return {
    entries: new Map([...entries].map(([name, entry]) => [name, { name, uncompressedSize: entry.uncompressedSize }])),
    read,
    close: () => zip.close(),
  };
}
