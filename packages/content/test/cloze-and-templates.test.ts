import { describe, expect, it } from "vitest";
import { renderTemplate, answerPart } from "../src/decks/anki-template.ts";
import { clozeCards, clozeSkeleton } from "../src/decks/cloze.ts";
import { htmlFieldToText } from "../src/decks/deck-text.ts";

describe("cloze deletions", () => {
  it("makes one card per number, hides only that number, shows hints, and ignores c0", () => {
    expect(clozeCards("{{c1::Paris::city}} is in {{c2::France}}{{c0::x}}")).toEqual([
      { number: 1, prompt: "[city] is in Francex", answers: ["Paris"] },
      { number: 2, prompt: "Paris is in [...]x", answers: ["France"] },
    ]);
  });

  it("reads nested clozes and keeps unmatched markup as text", () => {
    expect(clozeCards("{{c1::outer {{c2::inner}} end}} }} {{c3::open")).toEqual([
      { number: 1, prompt: "[...] }} {{c3::open", answers: ["outer inner end"] },
      { number: 2, prompt: "outer [...] end }} {{c3::open", answers: ["inner"] },
    ]);
    expect(clozeSkeleton("a {{c1::b}} c {{c2::d::hint}}")).toBe("a [...] c [...]");
  });

  it("stays linear on hostile input (hundreds of thousands of openings)", () => {
    const hostile = "{{c1::".repeat(100_000) + "{{cx".repeat(100_000) + "}}".repeat(50_000);
    const started = performance.now();
    const cards = clozeCards(hostile);
    expect(cards.length).toBe(1);
    // Generous: linear work here takes milliseconds; quadratic work would take minutes.
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe("card templates", () => {
  const fields = new Map([
    ["Front", "Q"],
    ["Back", "A"],
    ["Extra", ""],
  ]);
  it("renders fields, sections and inverted sections, and the answer after <hr id=answer>", () => {
    expect(renderTemplate("{{Front}}{{#Extra}}[{{Extra}}]{{/Extra}}{{^Extra}}(none){{/Extra}}{{type:Back}}", { fields })).toBe("Q(none)");
    const front = renderTemplate("{{Front}}", { fields });
    expect(answerPart(renderTemplate("{{FrontSide}}<hr id=answer>{{text:Back}}", { fields, frontSide: front }))).toBe("A");
  });
});

describe("HTML fields", () => {
  it("becomes text: scripts dropped, entities decoded, Anki's sound tags and bidi controls removed", () => {
    expect(htmlFieldToText("<div>a<script>alert(1)</script> &amp; <b>b</b>[sound:x.mp3]\u202e</div><br>c", 65_536)).toBe("a & b\nc");
  });

  it("stays bounded on deeply nested and tag-heavy input", () => {
    const nested = "<div>".repeat(50_000) + "x";
    expect(htmlFieldToText(nested, 65_536).length).toBeLessThan(65_536);
    expect(typeof htmlFieldToText("<".repeat(200_000), 65_536)).toBe("string");
  });
});
