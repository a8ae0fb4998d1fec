// Domain errors: each has a stable `code` that an app maps to a friendly, translated reply.
// Anything that is not a StudyError is a bug and is handled as one.

export const STUDY_ERROR_CODES = [
  "not-allowed",
  "invalid-time",
  "invalid-timezone",
  "invalid-questions-per-day",
  "unknown-chapters",
  "group-not-set-up",
  "unknown-item",
  "unknown-post",
  "post-closed",
  "answer-too-long",
  "override-expired",
  "override-not-yours",
  "unknown-answer",
  "invalid-day-start",
  "invalid-retention",
  "nothing-due",
  "review-conflict",
  "unknown-deck",
  "invalid-interview-length",
  "unknown-interview",
  "interview-expired",
  "appeal-not-yours",
  "appeal-needs-server",
  "appeal-not-graded",
  "appeal-nothing-missed",
  "appeal-window-passed",
  "appeal-note-too-long",
  "appeal-too-many-pending",
  "appeal-rate-limited",
  "unknown-appeal",
  "appeal-decided",
  "appeal-no-points",
  "appeal-reason-needed",
] as const;
export type StudyErrorCode = (typeof STUDY_ERROR_CODES)[number];

export class StudyError extends Error {
  override readonly name = "StudyError";
  constructor(
    readonly code: StudyErrorCode,
    message: string,
    readonly params: Record<string, string | number> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
