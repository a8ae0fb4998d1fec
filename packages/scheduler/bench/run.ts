// review() throughput against plain ts-fsrs next() on the same cards, ratings and times, measured
// in the same run. The adapter's cost is the ratio: target ≤ 1.3× plain ts-fsrs.

import { GenSeedStrategyWithCardId, StrategyMode, createEmptyCard, fsrs, type Card } from "ts-fsrs";
import { CARD_STATES, RATINGS, resolvePreferences, review, type CardState, type MemberPreferences, type Rating } from "../src/index.ts";

const CARDS = 4000;
const ROUNDS = 7;
const TARGET_RATIO = 1.3;

/** mulberry32, so every run benchmarks the same cards. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Workload {
  plainCards: Card[];
  cards: CardState[];
  ratings: Rating[];
  grades: (1 | 2 | 3 | 4)[];
  times: Date[];
}

/** Cards in every state, from 0 to 12 earlier reviews each, due for one more review. */
function buildWorkload(): Workload {
  const random = seededRandom(2024);
  const plain = fsrs();
  const workload: Workload = { plainCards: [], cards: [], ratings: [], grades: [], times: [] };
  for (let i = 0; i < CARDS; i++) {
    let now = Date.parse("2024-01-01T00:00:00Z") + Math.floor(random() * 86_400_000 * 30);
    let card = createEmptyCard(new Date(now));
    const history = Math.floor(random() * 13);
    for (let r = 0; r < history; r++) {
      card = plain.next(card, new Date(now), (1 + Math.floor(random() * 4))).card;
      now = Math.max(now + 60_000, card.due.getTime() + Math.floor(random() * 86_400_000 * 3));
    }
    const rating = RATINGS[Math.floor(random() * 4)] as Rating;
    // A fresh literal per card, as a caller loading rows from a database would build it.
    workload.plainCards.push({
      due: new Date(card.due.getTime()),
      stability: card.stability,
      difficulty: card.difficulty,
      elapsed_days: card.elapsed_days,
      scheduled_days: card.scheduled_days,
      learning_steps: card.learning_steps,
      reps: card.reps,
      lapses: card.lapses,
      state: card.state,
      last_review: card.last_review ? new Date(card.last_review.getTime()) : undefined,
    });
    workload.cards.push({
      due: card.due.toISOString(),
      stability: card.stability,
      difficulty: card.difficulty,
      scheduledDays: card.scheduled_days,
      learningSteps: card.learning_steps,
      reps: card.reps,
      lapses: card.lapses,
      state: CARD_STATES[card.state],
      lastReview: card.last_review ? card.last_review.toISOString() : null,
    });
    workload.ratings.push(rating);
    workload.grades.push((RATINGS.indexOf(rating) + 1) as 1 | 2 | 3 | 4);
    workload.times.push(new Date(now));
  }
  return workload;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const workload = buildWorkload();
const ids = workload.cards.map((_, i) => `Q${i}`);
const plain = fsrs();
// The fuzzed baseline seeds by card id as the scheduler does, so both pay for the same PRNG.
const plainFuzz = fsrs({ enable_fuzz: true }).useStrategy(StrategyMode.SEED, GenSeedStrategyWithCardId("cid"));
const plainFuzzCards = workload.plainCards.map((card, i) => ({ ...card, cid: `${ids[i]}#` }));
let sink = 0;

const CHUNK = 250;

const runPlain = (from: number, to: number): void => {
  for (let i = from; i < to; i++) {
    sink += plain.next(workload.plainCards[i] as Card, workload.times[i] as Date, workload.grades[i] as 1 | 2 | 3 | 4).card.stability;
  }
};

const runPlainFuzz = (from: number, to: number): void => {
  for (let i = from; i < to; i++) {
    sink += plainFuzz.next(plainFuzzCards[i] as Card, workload.times[i] as Date, workload.grades[i] as 1 | 2 | 3 | 4).card.stability;
  }
};

const runOurs = (prefs: MemberPreferences, withId: boolean) => (from: number, to: number): void => {
  for (let i = from; i < to; i++) {
    const cardId = withId ? ids[i] : undefined;
    sink += review(workload.cards[i] as CardState, workload.ratings[i] as Rating, workload.times[i] as Date, prefs, cardId).card.stability;
  }
};

/** `baseline` is the index of the plain ts-fsrs variant a variant is compared with (-1: is one). */
const variants: { name: string; baseline: number; run: (from: number, to: number) => void }[] = [
  { name: "plain ts-fsrs next()", baseline: -1, run: runPlain },
  { name: "plain ts-fsrs next(), fuzz seeded by card id", baseline: -1, run: runPlainFuzz },
  { name: "review() UTC, day start 0", baseline: 0, run: runOurs(resolvePreferences({ timezone: "UTC", dayStartHour: 0 }), false) },
  { name: "review() Asia/Shanghai, day start 4", baseline: 0, run: runOurs(resolvePreferences({ timezone: "Asia/Shanghai", dayStartHour: 4 }), false) },
  { name: "review() America/New_York, day start 4", baseline: 0, run: runOurs(resolvePreferences({ timezone: "America/New_York", dayStartHour: 4 }), false) },
  { name: "review() America/New_York, day start 4, fuzz", baseline: 1, run: runOurs(resolvePreferences({ timezone: "America/New_York", dayStartHour: 4, fuzz: true }), true) },
];

// Warm up every path so the JIT has settled (and zone offsets are cached) before timing.
for (let i = 0; i < 3; i++) for (const variant of variants) variant.run(0, CARDS);

// Each round runs every variant chunk by chunk, interleaved, so a busy machine slows all
// variants alike; the ratio is taken per round and the median round reported.
const seconds = variants.map(() => [] as number[]);
for (let round = 0; round < ROUNDS; round++) {
  const spent = variants.map(() => 0n);
  for (let from = 0; from < CARDS; from += CHUNK) {
    variants.forEach((variant, v) => {
      const start = process.hrtime.bigint();
      variant.run(from, Math.min(CARDS, from + CHUNK));
      spent[v] = (spent[v] as bigint) + (process.hrtime.bigint() - start);
    });
  }
  spent.forEach((ns, v) => seconds[v]?.push(Number(ns) / 1e9));
}

console.log(`scheduler bench: ${CARDS} cards (new, learning, review, relearning), ${ROUNDS} interleaved rounds, medians`);
let worst = 0;
variants.forEach((variant, v) => {
  const rate = CARDS / median(seconds[v] as number[]);
  const line = `  ${variant.name.padEnd(46)}${Math.round(rate).toLocaleString("en-US").padStart(10)} reviews/s`;
  if (variant.baseline < 0) {
    console.log(line);
    return;
  }
  const baseline = seconds[variant.baseline] as number[];
  const ratio = median((seconds[v] as number[]).map((s, round) => s / (baseline[round] as number)));
  worst = Math.max(worst, ratio);
  console.log(`${line}  ratio ${ratio.toFixed(2)}× ${variant.baseline === 0 ? "plain" : "plain with fuzz"}`);
});
console.log(`  worst ratio ${worst.toFixed(2)}× (target ≤ ${TARGET_RATIO}×: ${worst <= TARGET_RATIO ? "met" : "NOT met"})`);
if (sink === 42) console.log("");
