// `pnpm content suggestions`: aliases accepted on appeal in any server (or one) printed as a patch
// to the content Markdown, with what cannot be placed on stderr; arguments checked.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type OpenDatabase } from "@recall/db";
import { createStudy, type StudyService } from "@recall/study";
import { runSuggestions, EXIT } from "../src/content-suggestions.ts";
import { contentItems } from "./harness.ts";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const FILE = "content/agent-interview/12-agent-optimization.md";
const SERVER_A = "700000000000000001";
const SERVER_B = "700000000000000002";

let database: OpenDatabase;
let study: StudyService;
const clock = { ms: Date.parse("2026-03-02T01:00:00Z") };

/** A member of `serverId` answers, appeals, and the server's admin accepts with these aliases. */
async function accepted(serverId: string, userId: string, itemId: string, pointId: string, aliases: Array<{ concept: number; alias: string }>) {
  const member = { userId, serverId, displayName: userId, locale: "en-US" };
  const result = await study.submitAnswer({ deliveryKey: `${userId}-${itemId}`, member, postId: null, itemId, text: "不知道" });
  const filed = await study.appealAnswer({ member, answerId: result.answerId, note: "" });
  const admin = { ...member, userId: `admin-${serverId}`, canManageServer: true };
  await study.acceptAppeal({ actor: admin, appealId: filed.appealId, pointIds: [pointId], aliases: aliases.map((alias) => ({ pointId, ...alias })) });
}

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runSuggestions(argv, { out: (text) => out.push(text), err: (text) => err.push(text), env: {}, root, database });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

beforeAll(async () => {
  database = await createDatabase({ inMemory: true });
  study = createStudy({ db: database.db, items: await contentItems(), clock: () => new Date(clock.ms) });
  await study.syncContent();
  await accepted(SERVER_A, "u1", "Q090", "k4", [{ concept: 0, alias: "回测" }, { concept: 1, alias: "翻车案例" }]);
  await accepted(SERVER_B, "u2", "Q090.f1", "k2", [{ concept: 1, alias: "范例答案" }]);
  // Refused by the grader's checks on accept: never stored, so never suggested.
  await accepted(SERVER_B, "u3", "Q091.f1", "k2", [{ concept: 0, alias: "预算" }]);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe("pnpm content suggestions", () => {
  it("prints every server's accepted aliases as a patch to the content", async () => {
    const { code, out, err } = await run(["suggestions"]);
    expect(code).toBe(EXIT.ok);
    expect(out.split("\n").slice(0, 2)).toEqual([`--- a/${FILE}`, `+++ b/${FILE}`]);
    expect(out).toContain(`Q090 k4.0 + 回测 (server ${SERVER_A}); Q090 k4.1 + 翻车案例 (server ${SERVER_A})`);
    expect(out).toMatch(/\n\+ {2}- 验收 \| [^\n]* \| 回测\n/);
    expect(out).toMatch(/\n\+ {2}- 独立任务 \| [^\n]* \| 翻车案例\n/);
    expect(out).toContain(`Q090.f1 k2.1 + 范例答案 (server ${SERVER_B})`);
    expect(out).not.toContain("预算");
    expect(err).toBe("3 accepted alias(es): 3 in the patch, 0 already in the content, 0 not placed");
  });

  it("prints one server's with --server", async () => {
    const { code, out } = await run(["suggestions", "--server", SERVER_B]);
    expect(code).toBe(EXIT.ok);
    expect(out).toContain("范例答案");
    expect(out).not.toContain("回测");
    expect((await run(["suggestions", "--server", "700000000000000009"])).out).toBe("");
  });

  it("refuses arguments it does not know", async () => {
    expect(await run(["suggestions", "--server"])).toMatchObject({ code: EXIT.usage, out: "" });
    expect((await run(["suggestions", "--all"])).err).toContain('unknown argument "--all"');
  });

  it("is what the root content script runs for suggestions, while parse --json stays the content CLI's", () => {
    const script = fileURLToPath(new URL("../../../scripts/content.mjs", import.meta.url));
    const suggestions = spawnSync(process.execPath, [script, "suggestions", "--server", "x"], { cwd: root, encoding: "utf8" });
    expect(suggestions.status).toBe(EXIT.usage);
    expect(suggestions.stderr).toContain("usage: pnpm content suggestions [--server ID]");
    const parse = spawnSync(process.execPath, [script, "parse", "content", "--json"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    expect(parse.status).toBe(0);
    expect(Object.keys(JSON.parse(parse.stdout) as object)).toEqual(["pages", "items", "problems"]);
  });
});
