// Review lines in the `scheduler replay` format, read for the optimizer: each good line becomes a
// review on its own study clock, each bad one a problem naming its line. Nothing is fatal.

import { ReplayLineError, SchedulerError, parseReviewLine } from "@recall/scheduler";
import type { ReviewEvent } from "./histories.ts";

export interface LineProblem {
  line: number;
  error: string;
}

export interface ReadLines {
  reviews: ReviewEvent[];
  problems: LineProblem[];
}

export async function readReviewLines(lines: AsyncIterable<string>): Promise<ReadLines> {
  const reviews: ReviewEvent[] = [];
  const problems: LineProblem[] = [];
  let lineNumber = 0;
  for await (const text of lines) {
    lineNumber += 1;
    if (text.trim() === "") continue;
    try {
      const line = parseReviewLine(text);
      reviews.push({
        card: line.card,
        rating: line.rating,
        atMs: line.atMs,
        timezone: line.prefs.timezone,
        dayStartHour: line.prefs.dayStartHour,
      });
    } catch (error) {
      if (!(error instanceof SchedulerError || error instanceof ReplayLineError)) throw error;
      problems.push({ line: lineNumber, error: error.message });
    }
  }
  return { reviews, problems };
}
