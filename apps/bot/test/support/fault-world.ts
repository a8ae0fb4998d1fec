// The world every fault test starts from: a throwaway PostgreSQL cluster (optionally behind a proxy
// that can hold its bytes), the bot on it through the local Discord, and a study group whose daily
// quiz is already posted. The tests differ in the fault they inject, not in this set-up.
import { createDatabase, type OpenDatabase } from "@recall/db";
import { ADMIN, CHANNEL_ID, GUILD_ID, startHarness, type Harness, type TestClock } from "../harness.ts";
import { createPgCluster, type PgCluster } from "./pg-cluster.ts";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy.ts";

export interface FaultWorld {
  cluster: PgCluster;
  /** Present when started `behindProxy`: the bot's database connections pass through it. */
  proxy: TcpProxy | null;
  database: OpenDatabase;
  h: Harness;
  stop(): Promise<void>;
}

export async function startFaultWorld(options: { clock: TestClock; behindProxy?: boolean; shutdownGraceMs?: number }): Promise<FaultWorld> {
  const cluster = await createPgCluster();
  const proxy = options.behindProxy ? await startTcpProxy({ host: "127.0.0.1", port: cluster.port }) : null;
  const url = proxy ? `postgres://postgres@127.0.0.1:${proxy.port}/postgres` : cluster.url;
  const database = await createDatabase({ url, maxConnections: 4 });
  const h = await startHarness({ clock: options.clock, database, ...(options.shutdownGraceMs === undefined ? {} : { shutdownGraceMs: options.shutdownGraceMs }) });
  const setup = h.fake.slashCommand({ ...ADMIN, guildId: GUILD_ID, channelId: CHANNEL_ID, name: "quiz", subcommand: "setup", options: { time: "09:00", timezone: "Asia/Shanghai" } });
  await setup.waitForReply((r) => r.kind === "edit-original");
  // 09:00 in Shanghai: today's post goes out.
  options.clock.set("2026-03-02T01:00:00Z");
  await h.bot.runDailyCycle();
  return {
    cluster,
    proxy,
    database,
    h,
    async stop() {
      await h.stop();
      await database.close();
      await proxy?.close();
      await cluster.destroy();
    },
  };
}
