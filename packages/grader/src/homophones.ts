import { pinyin } from "pinyin-pro";

// Learners type with pinyin input methods and often pick the wrong character of the right sound
// (奖励模形, 偏号对, 标准查). Two characters sound alike here when they share a toneless reading; a
// polyphone has every reading it can take (差: cha, chai, ci), as the learner may have meant any.

/** Each toneless syllable ("jiang", "lü") as a small number, so readings compare as integers. */
const syllableIds = new Map<string, number>();

// Per UTF-16 unit, its readings as syllable ids: `readingPool[readingFrom[unit]]` and on for
// `readingCount[unit]` entries. `readingFrom` is -1 until the unit is first asked about, so the
// dictionary is read once per distinct character, never per occurrence.
const readingFrom = new Int32Array(0x10000).fill(-1);
const readingCount = new Uint8Array(0x10000);
let readingPool = new Uint16Array(1024);
let poolUsed = 0;

function learnReadings(unit: number): void {
  const readings = pinyin(String.fromCharCode(unit), { toneType: "none", type: "array", multiple: true });
  const ids: number[] = [];
  for (const reading of readings) {
    // pinyin-pro gives back a character it has no reading for as itself: that is no syllable.
    if (reading.length === 0 || !/^[a-zü]+$/.test(reading)) continue;
    let id = syllableIds.get(reading);
    if (id === undefined) {
      id = syllableIds.size;
      syllableIds.set(reading, id);
    }
    if (!ids.includes(id)) ids.push(id);
  }
  if (poolUsed + ids.length > readingPool.length) {
    const grown = new Uint16Array(Math.max(readingPool.length * 2, poolUsed + ids.length));
    grown.set(readingPool);
    readingPool = grown;
  }
  readingPool.set(ids, poolUsed);
  readingFrom[unit] = poolUsed;
  readingCount[unit] = ids.length;
  poolUsed += ids.length;
}

/** Whether two BMP units share a toneless reading (a unit without one sounds like nothing). */
export function soundsAlike(a: number, b: number): boolean {
  if (readingFrom[a] === -1) learnReadings(a);
  if (readingFrom[b] === -1) learnReadings(b);
  const fromA = readingFrom[a] as number;
  const fromB = readingFrom[b] as number;
  const countA = readingCount[a] as number;
  const countB = readingCount[b] as number;
  for (let i = 0; i < countA; i++) {
    const reading = readingPool[fromA + i];
    for (let j = 0; j < countB; j++) if (readingPool[fromB + j] === reading) return true;
  }
  return false;
}

/** Reads every character of an alias once, at compile time, so grading only looks them up. */
export function learnReadingsOf(text: string): void {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (readingFrom[unit] === -1) learnReadings(unit);
  }
}

/**
 * Function characters never taken as the misspelt character of a term: they sound like many term
 * characters (只 / 之 like 值, 是 like 式, 的 like 地) and stand next to terms all the time, so
 * "目标只是" would otherwise be read as 目标值.
 */
const FUNCTION_CHARACTERS = "的地得了着过是在有和与及跟同或而且就也都只之其这那哪个些么吗呢吧啊呀嘛哦啦不没无非未别很太更最还又再才已将会能可要该让被把给对从向以为于所用说做去来到上下里中";
const FUNCTION_UNITS = new Uint8Array(0x10000);
for (const char of FUNCTION_CHARACTERS) FUNCTION_UNITS[char.charCodeAt(0)] = 1;

/** Whether the unit is a function character (see `FUNCTION_CHARACTERS`). */
export function isFunctionUnit(unit: number): boolean {
  return FUNCTION_UNITS[unit] === 1;
}
