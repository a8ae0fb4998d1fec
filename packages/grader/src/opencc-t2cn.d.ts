// The package's own declarations for this entry point do not resolve under the lint's project
// service; these are the parts the grader uses.
declare module "opencc-js/t2cn" {
  export function Converter(options: { from: string; to: string }): (text: string) => string;
  export type DictLike = string | readonly (readonly [string, string])[];
  export class Trie {
    constructor();
    loadDictGroup(dictGroup: readonly DictLike[]): void;
    matchPrefix(text: string, offset: number): { end: number; value: string } | null;
  }
  export const Locale: unknown;
}
