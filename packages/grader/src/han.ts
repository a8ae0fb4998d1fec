const HAN_CHAR = /\p{Script=Han}/u;

// Per UTF-16 code unit: 0 not yet asked, 1 Han, 2 not Han. Filled from the regex itself, so the
// answer is the regex's, without a one-character string and a regex run for every character read.
const bmpHan = new Uint8Array(0x10000);

/** Whether the one-unit string `String.fromCharCode(unit)` is Han to `/\p{Script=Han}/u` (a lone surrogate is not). */
export function isHanUnit(unit: number): boolean {
  let known = bmpHan[unit] ?? 0;
  if (known === 0) {
    known = HAN_CHAR.test(String.fromCharCode(unit)) ? 1 : 2;
    bmpHan[unit] = known;
  }
  return known === 1;
}

/** Whether a supplementary-plane code point is Han (CJK extensions B and later); rare in answers. */
export function isHanCodePoint(codePoint: number): boolean {
  return codePoint <= 0xffff ? isHanUnit(codePoint) : HAN_CHAR.test(String.fromCodePoint(codePoint));
}
