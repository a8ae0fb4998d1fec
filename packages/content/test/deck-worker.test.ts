import { describe, expect, it } from "vitest";
import { DEFAULT_DECK_LIMITS, parseDeck, parseDeckInWorker } from "../src/index.ts";
import { ankiPackage } from "./deck-fixtures.ts";

describe("importing a deck in a worker thread", () => {
  it("gives the same result as parseDeck, while the calling thread stays free", async () => {
    const bytes = await ankiPackage("v3");
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    const inWorker = await parseDeckInWorker(bytes, "deck.apkg");
    clearInterval(ticker);
    expect(inWorker).toEqual(await parseDeck(bytes, "deck.apkg"));
    expect(ticks).toBeGreaterThan(0);
  });

  it("refuses a deck that takes longer than the time limit, and one over the size cap without starting", async () => {
    const slow = await parseDeckInWorker(await ankiPackage("v1"), "slow.apkg", { timeoutMs: 1 });
    expect(slow.problems).toEqual([expect.objectContaining({ severity: "error", kind: "deck-refused", message: "deck refused: reading it took longer than 0.001 s" })]);
    const big = await parseDeckInWorker(new Uint8Array(2048), "big.apkg", { limits: { ...DEFAULT_DECK_LIMITS, maxFileBytes: 1024 } });
    expect(big.problems[0]?.message).toBe("deck refused: the file is 2,048 bytes; at most 1,024 are accepted");
  });
});
