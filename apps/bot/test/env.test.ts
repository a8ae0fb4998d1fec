import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "../src/env.ts";
import { shardOfGuild } from "../src/sharding.ts";

describe("loadEnv", () => {
  it("fills defaults when only the token is given", () => {
    const env = loadEnv({ DISCORD_TOKEN: "abc.def-ghi" });
    expect(env).toMatchObject({ DISCORD_TOKEN: "abc.def-ghi", DATA_DIR: ".data", CONTENT_DIR: "content", LOG_LEVEL: "info" });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("names a missing token and says how to get one", () => {
    expect(() => loadEnv({})).toThrow(EnvError);
    try {
      loadEnv({ DISCORD_TOKEN: "  " });
    } catch (error) {
      expect((error as EnvError).problems).toEqual([{ variable: "DISCORD_TOKEN", message: "is required" }]);
      expect((error as Error).message).toContain("discord.com/developers/applications");
      expect((error as Error).message).toContain("npm run playground");
    }
  });

  it("takes the playground's clock stream only as a URL", () => {
    expect(loadEnv({ DISCORD_TOKEN: "t", PLAYGROUND_CLOCK_URL: "http://127.0.0.1:3210/_local/clock/events" }).PLAYGROUND_CLOCK_URL).toBe(
      "http://127.0.0.1:3210/_local/clock/events",
    );
    expect(() => loadEnv({ DISCORD_TOKEN: "t", PLAYGROUND_CLOCK_URL: "soon" })).toThrow(/PLAYGROUND_CLOCK_URL/);
    expect(loadEnv({ DISCORD_TOKEN: "t" }).PLAYGROUND_CLOCK_URL).toBeUndefined();
  });

  it("names every invalid variable at once", () => {
    try {
      loadEnv({ DISCORD_TOKEN: "t", DATABASE_URL: "mysql://x", DEV_GUILD_ID: "12", LOG_LEVEL: "loud", DISCORD_API_BASE: "nope" });
      expect.unreachable();
    } catch (error) {
      const names = (error as EnvError).problems.map((p) => p.variable).sort();
      expect(names).toEqual(["DATABASE_URL", "DEV_GUILD_ID", "DISCORD_API_BASE", "LOG_LEVEL"]);
      expect((error as Error).message).toContain("DATABASE_URL: must start with postgres:// or postgresql://");
    }
  });
});

describe("loadEnv: shards", () => {
  const base = { DISCORD_TOKEN: "t", DATABASE_URL: "postgres://postgres@127.0.0.1/recall" };
  const problemsOf = (source: Record<string, string>) => {
    try {
      loadEnv(source);
    } catch (error) {
      return (error as EnvError).problems;
    }
    throw new Error("expected an EnvError");
  };

  it("runs the whole bot as shard 0 of 1 by default, and every shard of SHARD_COUNT without SHARD_IDS", () => {
    expect(loadEnv({ DISCORD_TOKEN: "t" }).sharding).toEqual({ mode: "single", shardIds: [0], shardCount: 1 });
    expect(loadEnv({ DISCORD_TOKEN: "t", SHARD_COUNT: "3" }).sharding).toEqual({ mode: "single", shardIds: [0, 1, 2], shardCount: 3 });
  });

  it("reads SHARD_IDS as a list of ids and inclusive ranges", () => {
    expect(loadEnv({ ...base, SHARD_COUNT: "8", SHARD_IDS: "6, 0-2" }).sharding).toEqual({ mode: "single", shardIds: [0, 1, 2, 6], shardCount: 8 });
  });

  it("takes SHARD_COUNT=auto as one process per recommended shard on this machine", () => {
    expect(loadEnv({ ...base, SHARD_COUNT: "auto" }).sharding).toEqual({ mode: "manager" });
  });

  it("runs the shard discord.js's ShardingManager assigned to a child process", () => {
    const env = loadEnv({ ...base, SHARDING_MANAGER: "true", SHARDS: "1", SHARD_COUNT: "2" });
    expect(env.sharding).toEqual({ mode: "single", shardIds: [1], shardCount: 2 });
  });

  it("names a bad SHARD_COUNT", () => {
    expect(problemsOf({ ...base, SHARD_COUNT: "two" })).toEqual([{ variable: "SHARD_COUNT", message: 'must be a whole number of shards (1 or more) or "auto"' }]);
    expect(problemsOf({ ...base, SHARD_COUNT: "0" })).toEqual([{ variable: "SHARD_COUNT", message: "must be at least 1" }]);
  });

  it("names shard ids that do not exist, repeat, run backwards or are not a list", () => {
    expect(problemsOf({ ...base, SHARD_COUNT: "2", SHARD_IDS: "2" })).toEqual([
      { variable: "SHARD_IDS", message: "shard 2 does not exist: with SHARD_COUNT=2 the ids are 0–1" },
    ]);
    expect(problemsOf({ ...base, SHARD_COUNT: "4", SHARD_IDS: "1,0-1" })).toEqual([{ variable: "SHARD_IDS", message: "names a shard twice" }]);
    expect(problemsOf({ ...base, SHARD_COUNT: "4", SHARD_IDS: "3-1" })).toEqual([
      { variable: "SHARD_IDS", message: 'has a range that runs backwards (write "0-3", not "3-0")' },
    ]);
    expect(problemsOf({ ...base, SHARD_COUNT: "4", SHARD_IDS: "first" })).toEqual([
      { variable: "SHARD_IDS", message: 'must list shard ids such as "0,1" or "0-3"' },
    ]);
    expect(problemsOf({ ...base, SHARD_COUNT: "auto", SHARD_IDS: "0" })).toEqual([
      { variable: "SHARD_IDS", message: "needs a number in SHARD_COUNT; with SHARD_COUNT=auto every shard runs on this machine" },
    ]);
  });

  it("refuses several processes on embedded PGlite, which only one process can open", () => {
    expect(problemsOf({ DISCORD_TOKEN: "t", SHARD_COUNT: "2", SHARD_IDS: "0" })).toEqual([
      { variable: "SHARD_IDS", message: "runs the bot in several processes, which need one shared PostgreSQL: set DATABASE_URL" },
    ]);
    expect(problemsOf({ DISCORD_TOKEN: "t", SHARD_COUNT: "auto" })).toEqual([
      { variable: "SHARD_COUNT", message: "runs the bot in several processes, which need one shared PostgreSQL: set DATABASE_URL" },
    ]);
  });

  it("routes a guild to its shard as Discord does: (guild_id >> 22) % shard_count", () => {
    // 41771983423143937 >> 22 = 9959216934 (the timestamp part of the snowflake).
    expect(shardOfGuild("41771983423143937", 1)).toBe(0);
    expect(shardOfGuild("41771983423143937", 2)).toBe(0);
    expect(shardOfGuild("41771983423143937", 7)).toBe(2);
    // Ids 1 << 22 apart (one millisecond of snowflake time) alternate between two shards.
    expect(shardOfGuild("1200000000000000001", 2)).toBe(1);
    expect(shardOfGuild("1200000000004194305", 2)).toBe(0);
  });
});
