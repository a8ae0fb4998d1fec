import { describe, expect, it } from "vitest";
import { DiscordLimits, validateCommands, validateMessagePayload, validateModal } from "../src/index.ts";
import type { ValidationIssue } from "../src/index.ts";
import { nestIssues } from "../src/limits.ts";

const NEW_MESSAGE = { requireBody: true, fileCount: 0 };
const EDIT = { requireBody: false, fileCount: 0 };
const codes = (issues: ValidationIssue[]): string[] => issues.map((issue) => `${issue.path.join(".")}:${issue.code}`);
const button = (customId: string): Record<string, unknown> => ({ type: 2, style: 1, label: customId.slice(0, 10), custom_id: customId });

describe("message limits", () => {
  it("accepts a message right at every limit", () => {
    const fields = Array.from({ length: 5 }, (_, index) => ({ name: `k${index}`, value: "v".repeat(1024) }));
    const payload = {
      content: "c".repeat(DiscordLimits.contentLength),
      embeds: [{ title: "t".repeat(256), description: "d".repeat(600), fields }],
      components: Array.from({ length: 5 }, (_, row) => ({ type: 1, components: Array.from({ length: 5 }, (_, col) => button(`r${row}c${col}`)) })),
    };
    expect(validateMessagePayload(payload, NEW_MESSAGE)).toEqual([]);
  });

  it("counts Chinese characters, not bytes", () => {
    expect(validateMessagePayload({ content: "字".repeat(2000) }, NEW_MESSAGE)).toEqual([]);
    expect(codes(validateMessagePayload({ content: "字".repeat(2001) }, NEW_MESSAGE))).toEqual(["content:BASE_TYPE_MAX_LENGTH"]);
  });

  it("rejects each embed limit by path", () => {
    const embed = {
      title: "t".repeat(257),
      description: "d".repeat(4097),
      fields: [...Array.from({ length: 25 }, () => ({ name: "n", value: "v" })), { name: "n".repeat(257), value: "v".repeat(1025) }],
    };
    expect(codes(validateMessagePayload({ embeds: [embed] }, EDIT))).toEqual([
      "embeds.0.title:BASE_TYPE_MAX_LENGTH",
      "embeds.0.description:BASE_TYPE_MAX_LENGTH",
      "embeds.0.fields:BASE_TYPE_MAX_LENGTH",
      "embeds.0.fields.25.name:BASE_TYPE_MAX_LENGTH",
      "embeds.0.fields.25.value:BASE_TYPE_MAX_LENGTH",
    ]);
  });

  it("rejects more than 6000 characters across a message's embeds and more than 10 embeds", () => {
    const big = { description: "d".repeat(4000) };
    expect(codes(validateMessagePayload({ embeds: [big, big] }, EDIT))).toEqual(["embeds:MAX_EMBED_SIZE_EXCEEDED"]);
    expect(codes(validateMessagePayload({ embeds: Array.from({ length: 11 }, () => ({ title: "t" })) }, EDIT))).toEqual(["embeds:BASE_TYPE_MAX_LENGTH"]);
  });

  it("rejects empty field names and values", () => {
    expect(codes(validateMessagePayload({ embeds: [{ fields: [{ name: "", value: "" }] }] }, EDIT))).toEqual([
      "embeds.0.fields.0.name:BASE_TYPE_REQUIRED",
      "embeds.0.fields.0.value:BASE_TYPE_REQUIRED",
    ]);
  });

  it("rejects six action rows, six buttons in a row, long and duplicated custom ids", () => {
    const rows = Array.from({ length: 6 }, (_, row) => ({ type: 1, components: [button(`row${row}`)] }));
    expect(codes(validateMessagePayload({ components: rows }, EDIT))).toEqual(["components:BASE_TYPE_MAX_LENGTH"]);
    const wide = { type: 1, components: Array.from({ length: 6 }, (_, index) => button(`b${index}`)) };
    expect(codes(validateMessagePayload({ components: [wide] }, EDIT))).toEqual(["components.0.components:BASE_TYPE_MAX_LENGTH"]);
    const long = { type: 1, components: [button("x".repeat(101)), button("same"), button("same")] };
    expect(codes(validateMessagePayload({ components: [long] }, EDIT))).toEqual([
      "components.0.components.0.custom_id:BASE_TYPE_MAX_LENGTH",
      "components.0.components.2.custom_id:COMPONENT_CUSTOM_ID_DUPLICATED",
    ]);
  });

  it("requires a url and no custom id on link buttons", () => {
    const link = { type: 1, components: [{ type: 2, style: 5, label: "docs", custom_id: "x" }] };
    expect(codes(validateMessagePayload({ components: [link] }, EDIT))).toEqual([
      "components.0.components.0.url:BASE_TYPE_REQUIRED",
      "components.0.components.0.custom_id:BUTTON_COMPONENT_LINK_HAS_CUSTOM_ID",
    ]);
  });

  it("refuses an empty new message but allows an edit with no fields", () => {
    expect(codes(validateMessagePayload({ content: "" }, NEW_MESSAGE))).toEqual([":EMPTY_MESSAGE"]);
    expect(validateMessagePayload({}, EDIT)).toEqual([]);
    expect(validateMessagePayload({}, { requireBody: true, fileCount: 1 })).toEqual([]);
  });
});

describe("modal limits", () => {
  const input = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({ type: 4, custom_id: "text", label: "Answer", style: 2, ...overrides });
  const modal = (overrides: Record<string, unknown> = {}, inputOverrides: Record<string, unknown> = {}): Record<string, unknown> => ({
    title: "Answer Q090",
    custom_id: "answer:Q090",
    components: [{ type: 1, components: [input(inputOverrides)] }],
    ...overrides,
  });

  it("accepts a paragraph input of 4000 characters", () => {
    expect(validateModal(modal({}, { max_length: 4000 }))).toEqual([]);
  });

  it("accepts a text input inside a label component", () => {
    const labelled = { type: 18, label: "Answer", component: { type: 4, custom_id: "text", style: 2 } };
    expect(validateModal(modal({ components: [labelled] }))).toEqual([]);
  });

  it("rejects a long title, a 4001 max length and six rows", () => {
    expect(codes(validateModal(modal({ title: "t".repeat(46) })))).toEqual(["data.title:BASE_TYPE_MAX_LENGTH"]);
    expect(codes(validateModal(modal({}, { max_length: 4001 })))).toEqual(["data.components.0.components.0.max_length:NUMBER_TYPE_MAX"]);
    const rows = Array.from({ length: 6 }, (_, index) => ({ type: 1, components: [input({ custom_id: `f${index}` })] }));
    expect(codes(validateModal(modal({ components: rows })))).toEqual(["data.components:BASE_TYPE_BAD_LENGTH"]);
  });
});

describe("command limits", () => {
  it("rejects upper-case chat input names, long descriptions and duplicates", () => {
    const commands = [
      { name: "Quiz", description: "ok" },
      { name: "review", description: "d".repeat(101), description_localizations: { "zh-CN": "复".repeat(101) } },
      { name: "review", description: "again" },
    ];
    expect(codes(validateCommands(commands))).toEqual([
      "0.name:APPLICATION_COMMAND_INVALID_NAME",
      "1.description:BASE_TYPE_MAX_LENGTH",
      "1.description_localizations.zh-CN:BASE_TYPE_MAX_LENGTH",
      "2.name:APPLICATION_COMMANDS_DUPLICATE_NAME",
    ]);
  });

  it("accepts Chinese localized names", () => {
    expect(validateCommands([{ name: "quiz", description: "Daily quiz", name_localizations: { "zh-CN": "测验" } }])).toEqual([]);
  });

  it("rejects a required option after an optional one", () => {
    const options = [
      { type: 3, name: "time", description: "t" },
      { type: 7, name: "channel", description: "c", required: true },
    ];
    expect(codes(validateCommands([{ name: "quiz", description: "q", options }]))).toEqual(["0.options.1:APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID"]);
  });
});

describe("error body", () => {
  it("nests issues the way Discord reports Invalid Form Body", () => {
    const nested = nestIssues([{ path: ["embeds", 0, "title"], code: "BASE_TYPE_MAX_LENGTH", message: "Must be 256 or fewer in length." }]);
    expect(nested).toEqual({ embeds: { 0: { title: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: "Must be 256 or fewer in length." }] } } } });
  });
});
