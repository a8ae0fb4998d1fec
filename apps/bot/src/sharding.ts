// Sharding: which shard owns a guild, and SHARD_COUNT=auto — one child process per shard on this
// machine through discord.js's ShardingManager, each running main.ts as an ordinary sharded bot.
import { REST, Routes, ShardingManager, type RESTGetAPIGatewayBotResult } from "discord.js";
import type { Logger } from "pino";
import { restSettings } from "./rest-settings.ts";

/** The shard that receives a guild's events, as Discord routes them: (guild_id >> 22) % shard_count. */
export function shardOfGuild(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

/** Discord's recommended shard count for this bot, asked through the configured API base. */
export async function recommendedShardCount(token: string, apiBase?: string): Promise<number> {
  // discord.js's own fetchRecommendedShardCount always asks discord.com; a local Discord in tests
  // (DISCORD_API_BASE) must be asked instead.
  const settings = restSettings(apiBase);
  try {
    const rest = new REST(settings.rest).setToken(token);
    const gateway = (await rest.get(Routes.gatewayBot())) as RESTGetAPIGatewayBotResult;
    return Math.max(1, gateway.shards);
  } finally {
    await settings.close();
  }
}

export interface ShardManagerOptions {
  token: string;
  apiBase?: string;
  /** The bot's entry point (main.ts), run once per shard. */
  script: string;
  logger: Logger;
}

/**
 * Starts one child process per recommended shard and keeps them running (discord.js respawns a
 * shard whose process exits). Resolves with a stop function once every shard is ready.
 */
export async function runShardManager(options: ShardManagerOptions): Promise<{ stop(): void; shardCount: number }> {
  const shardCount = await recommendedShardCount(options.token, options.apiBase);
  const manager = new ShardingManager(options.script, {
    token: options.token,
    totalShards: shardCount,
    mode: "process",
    // The children run TypeScript through the same loader as this process.
    execArgv: process.execArgv,
  });
  manager.on("shardCreate", (shard) => options.logger.info({ shard: shard.id, shardCount }, "shard process started"));
  // Each child applies migrations under the database's advisory lock, so they may start together;
  // discord.js still spaces the identifies as Discord requires.
  await manager.spawn({ amount: shardCount, timeout: 120_000 });
  return {
    shardCount,
    stop: () => {
      for (const shard of manager.shards.values()) shard.kill();
    },
  };
}
