// The members benchmarks act as: numbered, with Discord-shaped ids, names and locales, so a
// scenario can also seed them straight into the database under the same ids and names.
import { FakePermissions } from "@recall/discord-fake";

export interface BenchMember {
  user: { id: string; username: string; globalName: string };
  permissions: string;
  locale: string;
}

/** 19-digit snowflakes, like Discord's (discord.js keys rate-limit queues by their shape). */
export const FIRST_MEMBER_ID = 3_000_000_000_000_000_000n;

export function benchMemberName(index: number): string {
  return `成员${index}`;
}

export function benchMember(index: number): BenchMember {
  return {
    user: { id: (FIRST_MEMBER_ID + BigInt(index)).toString(), username: `member${index}`, globalName: benchMemberName(index) },
    permissions: FakePermissions.member,
    locale: index % 3 === 0 ? "en-US" : "zh-CN",
  };
}

/** The first row's `n` of a raw count, whatever the driver's result shape. */
export async function countRows(execute: (query: string) => PromiseLike<unknown>, query: string): Promise<number> {
  const result: unknown = await execute(query);
  const rows = Array.isArray(result) ? (result as { n: number }[]) : (result as { rows: { n: number }[] }).rows;
  return Number(rows[0]?.n ?? Number.NaN);
}
