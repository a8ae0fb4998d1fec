/** Base of every error the grader throws on purpose, so callers can tell them from bugs. */
export class GraderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "GraderError";
  }
}

/** The answer is longer than a Discord modal allows; grading it would only hide a caller bug. */
export class AnswerTooLongError extends GraderError {
  readonly length: number;
  readonly limit: number;
  constructor(length: number, limit: number) {
    super(`answer is ${length} characters long; the limit is ${limit}`);
    this.name = "AnswerTooLongError";
    this.length = length;
    this.limit = limit;
  }
}
