// The package's own declarations for this entry point do not resolve under the lint's project
// service; these are the parts the grader uses.
declare module "opencc-js/t2cn" {
  export function Converter(options: { from: string; to: string }): (text: string) => string;
  /** The dictionaries and configurations the converters are built from (read in normalize-text.ts). */
  export const Locale: unknown;
}
