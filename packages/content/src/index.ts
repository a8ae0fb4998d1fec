export * from "./model.ts";
export { ContentError, ContentPathError } from "./errors.ts";
export { PROBLEM_KINDS, formatProblem, compareProblems } from "./problems.ts";
export type { ProblemKind } from "./problems.ts";
export { parsePage, parseFiles, parseBank, loadBank, listPageFiles } from "./parse.ts";
export type { Bank } from "./parse.ts";
export { contentHash } from "./items.ts";
export { SECTIONS } from "./sections.ts";
