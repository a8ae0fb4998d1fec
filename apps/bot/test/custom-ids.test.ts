import { describe, expect, it } from "vitest";
import {
  CustomIdError,
  decodeCustomId,
  encodeCustomId,
  MAX_CUSTOM_ID_LENGTH,
  MAX_POINTS_IN_ID,
  aliasInputId,
  parseAliasInputId,
  type CustomId,
} from "../src/custom-ids.ts";

const LONGEST_SERIAL = "18446744073709551615";
const LONGEST_ITEM = "Q090.f2-" + "x".repeat(32);

const EXAMPLES: CustomId[] = [
  { kind: "answer", postId: "42", itemId: "Q090" },
  { kind: "hint", postId: "1234567890123456789", itemId: "Q090.f2" },
  { kind: "reveal", postId: "7", itemId: "Q091.m3" },
  { kind: "answer-modal", postId: "42", itemId: "Q090.f2", reps: null },
  { kind: "answer-modal", postId: null, itemId: "Q090.f2", reps: 4 },
  { kind: "override", answerId: "99", rating: "again" },
  { kind: "override", answerId: "99", rating: "easy" },
  { kind: "review-answer", itemId: "Q092", reps: 0 },
  { kind: "review-show", itemId: "Q092.f1", reps: 0 },
  { kind: "self-rate", itemId: "Q092.f1", rating: "hard", reps: 3 },
  { kind: "self-rate", itemId: "Q092.f1", rating: "good", reps: 999_999 },
  { kind: "review-next" },
  { kind: "judge", itemId: "Q090.m1", verdict: "right", reps: 1 },
  { kind: "judge", itemId: "Q090.m1", verdict: "wrong", reps: 12 },
  { kind: "leaderboard-page", scope: "group", period: "week", page: 0 },
  { kind: "leaderboard-page", scope: "server", period: "all", page: 9999 },
  { kind: "leaderboard-page", scope: "group", period: "month", page: 12 },
  { kind: "drill", itemId: "Q090.f2", reps: 7 },
  { kind: "forget-confirm" },
  { kind: "forget-cancel" },
  { kind: "fsrs-defaults" },
  { kind: "fsrs-personal" },
  { kind: "interview-answer", sessionId: "12", step: 0, itemId: "Q090" },
  { kind: "interview-answer", sessionId: LONGEST_SERIAL, step: 999_999, itemId: LONGEST_ITEM },
  { kind: "interview-modal", sessionId: "12", step: 3 },
  { kind: "interview-stop", sessionId: "12" },
  { kind: "appeal", answerId: "99" },
  { kind: "appeal-modal", answerId: "99" },
  { kind: "appeal-points", appealId: "5" },
  { kind: "appeal-accept", appealId: "5", pointIds: ["k4"] },
  { kind: "appeal-accept-modal", appealId: "5", pointIds: ["k1", "k3", "k12"] },
  { kind: "appeal-reject", appealId: "5" },
  { kind: "appeal-reject-modal", appealId: "5" },
];

describe("custom ids", () => {
  it.each(EXAMPLES.map((id) => [JSON.stringify(id), id] as const))("round-trips %s", (_name, id) => {
    const encoded = encodeCustomId(id);
    expect(encoded.startsWith("v1:")).toBe(true);
    expect(encoded.length).toBeLessThanOrEqual(MAX_CUSTOM_ID_LENGTH);
    expect(decodeCustomId(encoded)).toEqual(id);
  });

  it("encodes every kind differently", () => {
    const encoded = EXAMPLES.map(encodeCustomId);
    expect(new Set(encoded).size).toBe(encoded.length);
  });

  it("stays within 100 characters with the longest ids it accepts", () => {
    const longest: CustomId[] = [
      { kind: "answer", postId: LONGEST_SERIAL, itemId: LONGEST_ITEM },
      { kind: "answer-modal", postId: LONGEST_SERIAL, itemId: LONGEST_ITEM, reps: 999_999 },
      { kind: "override", answerId: LONGEST_SERIAL, rating: "again" },
      { kind: "self-rate", itemId: LONGEST_ITEM, rating: "easy", reps: 999_999 },
      { kind: "judge", itemId: LONGEST_ITEM, verdict: "wrong", reps: 999_999 },
      { kind: "appeal-accept-modal", appealId: LONGEST_SERIAL, pointIds: Array.from({ length: MAX_POINTS_IN_ID }, (_, i) => `k${985 + i}`) },
    ];
    for (const id of longest) {
      const encoded = encodeCustomId(id);
      expect(encoded.length).toBeLessThanOrEqual(MAX_CUSTOM_ID_LENGTH);
      expect(decodeCustomId(encoded)).toEqual(id);
    }
  });

  it("refuses to encode fields it could not decode again", () => {
    expect(() => encodeCustomId({ kind: "answer", postId: "12", itemId: "Q090:x" })).toThrow(
      new CustomIdError('Invalid item id for a custom_id: "Q090:x"'),
    );
    expect(() => encodeCustomId({ kind: "override", answerId: "abc", rating: "good" })).toThrow(
      new CustomIdError('Invalid answer id for a custom_id: "abc"'),
    );
    expect(() => encodeCustomId({ kind: "drill", itemId: LONGEST_ITEM + "y", reps: 0 })).toThrow(CustomIdError);
    expect(() => encodeCustomId({ kind: "appeal-accept", appealId: "5", pointIds: [] })).toThrow(CustomIdError);
    expect(() => encodeCustomId({ kind: "appeal-accept", appealId: "5", pointIds: ["k1", "k1"] })).toThrow(CustomIdError);
    expect(() => encodeCustomId({ kind: "appeal-accept", appealId: "5", pointIds: ["k1.k2"] })).toThrow(CustomIdError);
    expect(() => encodeCustomId({ kind: "appeal-accept", appealId: "5", pointIds: Array.from({ length: MAX_POINTS_IN_ID + 1 }, (_, i) => `k${i + 1}`) })).toThrow(CustomIdError);
    expect(() => encodeCustomId({ kind: "leaderboard-page", scope: "group", period: "week", page: -1 })).toThrow(
      new CustomIdError("Invalid leaderboard page for a custom_id: -1"),
    );
  });

  it.each([
    "",
    "garbage",
    "v1",
    "v1:",
    "v2:a:42:Q090",
    "V1:a:42:Q090",
    "v1:zz:42:Q090",
    "v1:a:42",
    "v1:a:x42:Q090",
    "v1:a:42:Q090:extra",
    "v1:a:42:Q 090",
    "v1:a:-42:Q090",
    "v1:am::Q090",
    "v1:am:-:",
    "v1:o:99:5",
    "v1:o:99:good",
    "v1:sr:Q090:0",
    "v1:j:Q090:x",
    "v1:lb:g:w:-1",
    "v1:lb:g:w:01",
    "v1:lb:g:w:10000",
    "v1:lb:x:w:1",
    "v1:lb:g:w",
    "v1:fc:now",
    "v1:rn:",
    "v1:d:Q090:" + "x".repeat(95),
    "v1:a:1:Q" + "0".repeat(100),
    "v1:ap:",
    "v1:ap:x",
    "v1:ap:1:2",
    "v1:apa:5",
    "v1:apa:5:",
    "v1:apa:5:k0",
    "v1:apa:5:k1.k1",
    "v1:apa:5:k1..k2",
    "v1:apa:5:K1",
    "v1:apa:5:k1:x",
    "v1:aprm:5:k1",
  ])("decodes %j to null", (raw) => {
    expect(decodeCustomId(raw)).toBeNull();
  });

  it("names the accept form's alias inputs by point and concept, and reads them back strictly", () => {
    expect(aliasInputId("k4", 1)).toBe("alias.k4.1");
    expect(parseAliasInputId("alias.k4.1")).toEqual({ pointId: "k4", concept: 1 });
    for (const raw of ["alias.k4", "alias.k0.1", "alias.k4.x", "alias.k4.1.2", "note", "alias.k4.123"]) expect(parseAliasInputId(raw)).toBeNull();
  });

  it("never throws on random input and only accepts what it would encode the same way", () => {
    // A fixed-seed generator keeps this deterministic.
    let seed = 20261129;
    const next = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const alphabet = "v1:ahrmosdjlbfcxnw0123456789Q.-_ ";
    for (let round = 0; round < 5000; round += 1) {
      const length = Math.floor(next() * 24);
      let raw = next() < 0.5 ? "v1:" : "";
      for (let index = 0; index < length; index += 1) raw += alphabet[Math.floor(next() * alphabet.length)];
      const decoded = decodeCustomId(raw);
      if (decoded !== null) expect(encodeCustomId(decoded)).toBe(raw);
    }
  });
});
