import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "../src/env.ts";

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
