import { describe, expect, it } from "vitest";
import { UnitPresence } from "../src/term-matching.ts";

const unitsOf = (text: string): Uint16Array => Uint16Array.from(text, (char) => char.charCodeAt(0));

// The prefilter may only skip an alias the answer cannot hold: a unit it reports absent must be
// absent, whichever answer was marked last in the shared buffers.
describe("UnitPresence", () => {
  it("reports the units of its own answer, not of one marked since", () => {
    const first = new UnitPresence("奖励模型");
    const second = new UnitPresence("reward model");
    expect(second.hasAll(unitsOf("reward"))).toBe(true);
    expect(second.hasAll(unitsOf("奖"))).toBe(false);
    first.activate();
    expect(first.hasAll(unitsOf("模型奖励"))).toBe(true);
    expect(first.hasAll(unitsOf("reward"))).toBe(false);
    expect(first.has("r".charCodeAt(0))).toBe(false);
  });

  it("counts a bigram only where its two units stand side by side somewhere", () => {
    const presence = new UnitPresence("奖励模型");
    const gram = (text: string): number => (text.charCodeAt(0) << 16) | text.charCodeAt(1);
    expect(presence.mayHaveGram(gram("励模"))).toBe(true);
    // Both units are there, never side by side (unless two bigrams share a slot, which this pair does not).
    expect(presence.mayHaveGram(gram("奖型"))).toBe(false);
  });
});
