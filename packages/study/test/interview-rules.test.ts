import { beforeAll, describe, expect, it } from "vitest";
import type { QuizItem } from "@recall/content";
import { chooseFollowUp, chooseMainQuestions, coverage } from "../src/index.ts";
import { contentItems } from "./fixtures.ts";

describe("interview rules", () => {
  let byId: Map<string, QuizItem>;
  const item = (id: string) => byId.get(id)!;
  const followUps = () => ["Q090.f1", "Q090.f2", "Q090.f3"].map(item);

  beforeAll(async () => {
    byId = new Map((await contentItems()).map((i) => [i.id, i]));
  });

  it("asks P0 questions first, then what the member knows least, then by id", () => {
    const mains = ["Q092", "Q091", "Q090"].map(item);
    expect(chooseMainQuestions(mains, new Map(), 3).map((q) => q.id)).toEqual(["Q090", "Q091", "Q092"]);
    expect(chooseMainQuestions(mains, new Map([["Q091", 0.9], ["Q090", 0.99]]), 2).map((q) => q.id)).toEqual(["Q090", "Q092"]);
  });

  it("probes a missed point with the follow-up whose key points share its terms", () => {
    const locate = item("Q090").keyPoints[0];
    // Locating the fault (data, tools, context…) is what Q090.f3 (tool errors after training) is about.
    expect(coverage(item("Q090.f3"), [locate!])).toBeGreaterThan(coverage(item("Q090.f1"), [locate!]));
    expect(chooseFollowUp(followUps(), [locate!], new Map())).toMatchObject({ item: { id: "Q090.f3" }, reason: "covers-missed" });
    const data = item("Q090").keyPoints[2]!; // SFT, DPO and RL need different data
    expect(chooseFollowUp(followUps(), [data], new Map())).toMatchObject({ item: { id: "Q090.f1" }, reason: "covers-missed" });
  });

  it("asks the least-known follow-up when nothing was missed, and nothing when none is left", () => {
    const knowledge = new Map([["Q090.f1", 0.95], ["Q090.f3", 0.6]]);
    expect(chooseFollowUp(followUps(), [], knowledge)).toMatchObject({ item: { id: "Q090.f2" }, reason: "least-known" });
    expect(chooseFollowUp([item("Q090.f1"), item("Q090.f3")], [], knowledge)).toMatchObject({ item: { id: "Q090.f3" } });
    expect(chooseFollowUp([], [], knowledge)).toBeNull();
  });
});
