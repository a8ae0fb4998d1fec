// `pnpm bench` in apps/bot: the real bot on PostgreSQL against the local Discord.
// Prints, per scenario, p50/p95/p99/max from each INTERACTION_CREATE to its first callback and to
// the final reply and the CPU per interaction, next to a trivial discord.js client that answers the
// same interactions in the same run, and the targets, ratios to that client, with PASS/MISS.
// Always exits 0: it is a measurement, not a test.
// The bot, and the trivial client, run in a child process of their own (bot-process.ts): in
// production Discord is remote, so the local Discord's CPU must neither compete with the bot for
// its thread nor be charged to it. The local Discord, the timestamps (taken by it) and the checks
// stay in this process; CPU is reported for both processes.
//   pnpm bench                 every scenario
//   pnpm bench answer-burst    one scenario by name (answer-burst, leaderboard, fan-out)
// fan-out (fan-out.ts) is measured differently: 1,000 groups posting at one daily minute, with one
// bot process and with two, against the global-limit bound rather than a trivial client.
// Env: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres;
// the benchmark creates and drops its own databases there), BENCH_LOG_LEVEL (default silent),
// BENCH_BOT_PROFILE_DIR (the bot's process writes a V8 CPU profile of its whole run to recall/ there,
// the trivial client's to trivial/; `tsx bench/cpu-profile.ts <file>` summarises one),
// BENCH_DATABASE_PREFIX (replaces "recall_bot_bench" in the names of the databases it creates).
import { cpus, loadavg } from "node:os";
import { contentItems } from "../test/harness.ts";
import { checkServer, databaseNameFor, describeServer, freshDatabase, serverUrlFrom } from "./bench-database.ts";
import { TARGETS, type LatencySeries, type Scenario, type ScenarioResult } from "./scenario.ts";
import { FAN_OUT_GROUPS, formatFanOut, runFanOut } from "./fan-out.ts";
import { answerBurstScenario } from "./scenarios/answer-burst.ts";
import { leaderboardScenario } from "./scenarios/leaderboard.ts";
import { absoluteVerdict, formatSummary, ratio, ratioVerdict, summarise } from "./stats.ts";

// A new scenario: a module in scenarios/ exporting a Scenario, listed here.
const SCENARIOS: Scenario[] = [answerBurstScenario, leaderboardScenario];
const FAN_OUT = "fan-out";

const started = performance.now();
const log = (line = ""): void => void process.stdout.write(`${line}\n`);
const elapsed = (): string => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const load = (): string => loadavg().map((value) => value.toFixed(2)).join(" ");

function report(scenario: Scenario, result: ScenarioResult): void {
  const name = scenario.name;
  const absolute = scenario.absoluteTargets;
  const first = summarise(result.measured.firstCallbackMs);
  const final = summarise(result.measured.finalReplyMs);
  const baseFirst = summarise(result.baseline.firstCallbackMs);
  const baseFinal = summarise(result.baseline.finalReplyMs);
  log(`== ${name}: ${result.title}`);
  for (const note of result.notes) log(`   ${note}`);
  log("   INTERACTION_CREATE → first callback");
  log(`     bot       ${formatSummary(first)}`);
  log(`     baseline  ${formatSummary(baseFirst)}`);
  if (absolute) log(`     ${absoluteVerdict("p99", first.p99, absolute.firstCallbackP99Ms)}   (p99 ratio ${ratio(first.p99, baseFirst.p99)}; ${absolute.source})`);
  else log(`     ${ratioVerdict("p99", first.p99, baseFirst.p99, TARGETS.firstCallbackP99Ratio)}   (p50 ratio ${ratio(first.p50, baseFirst.p50)})`);
  log("   INTERACTION_CREATE → final reply");
  log(`     bot       ${formatSummary(final)}`);
  log(`     baseline  ${formatSummary(baseFinal)}`);
  if (absolute) log(`     ${absoluteVerdict("p99", final.p99, absolute.finalReplyP99Ms)}   (p99 ratio ${ratio(final.p99, baseFinal.p99)}; ${absolute.source})`);
  else log(`     ${ratioVerdict("p99", final.p99, baseFinal.p99, TARGETS.finalReplyP99Ratio)}   (p50 ratio ${ratio(final.p50, baseFinal.p50)})`);
  const perInteraction = (cpuMs: number, series: LatencySeries): number => cpuMs / Math.max(1, series.finalReplyMs.length);
  const botCpu = perInteraction(result.measured.botCpuMs, result.measured);
  const baseCpu = perInteraction(result.baseline.botCpuMs, result.baseline);
  log(`   CPU per interaction of the bot's own process (PostgreSQL not included): bot ${botCpu.toFixed(1)} ms, baseline ${baseCpu.toFixed(1)} ms`);
  if (absolute) log(`     ratio ${ratio(botCpu, baseCpu)} (no target: the work is the ranking, which the trivial client does not do)`);
  else log(`     ${ratioVerdict("CPU per interaction", botCpu, baseCpu, TARGETS.cpuPerInteractionRatio)}`);
  log(
    `   CPU per interaction of this process (local Discord + measurement): with the bot ${perInteraction(result.measured.localCpuMs, result.measured).toFixed(1)} ms, ` +
      `with the baseline ${perInteraction(result.baseline.localCpuMs, result.baseline).toFixed(1)} ms`,
  );
  log(
    `   requests discord.js held for its client-side global limit (raised to 1,000/s for both; edits count, callbacks do not): ` +
      `bot ${result.measured.globalLimitWaits}, baseline ${result.baseline.globalLimitWaits}`,
  );
  log("   checks");
  for (const check of result.checks) log(`     ${check.ok ? "ok  " : "FAIL"}  ${check.description}${check.detail ? ` (${check.detail})` : ""}`);
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => name !== FAN_OUT && !SCENARIOS.some((scenario) => scenario.name === name));
  if (unknown.length > 0) {
    log(`unknown scenario ${unknown.join(", ")}; scenarios: ${[...SCENARIOS.map((scenario) => scenario.name), FAN_OUT].join(", ")}`);
    return;
  }
  const serverUrl = serverUrlFrom(process.env);
  log(`Recall bot benchmark: PostgreSQL at ${describeServer(serverUrl)}, ${cpus().length} CPUs, Node ${process.version}`);
  log(`load average (1/5/15 min) at start: ${load()}`);
  const server = await checkServer(serverUrl);
  if (!server.reachable) {
    log(`No PostgreSQL reachable (${server.reason}): skipping the benchmark.`);
    log("Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server where this user may create databases.");
    return;
  }

  const items = await contentItems();
  const logLevel = process.env.BENCH_LOG_LEVEL ?? "silent";
  for (const scenario of SCENARIOS.filter((candidate) => wanted.length === 0 || wanted.includes(candidate.name))) {
    log();
    try {
      const result = await scenario.run({
        items,
        logLevel,
        freshDatabase: (name) => freshDatabase(serverUrl, databaseNameFor(name, process.env)),
        progress: (line) => log(`   [${elapsed()}] ${line}`),
      });
      report(scenario, result);
    } catch (error) {
      log(`== ${scenario.name}: FAILED to run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }
  if (wanted.length === 0 || wanted.includes(FAN_OUT)) {
    log();
    log(`== ${FAN_OUT}: ${FAN_OUT_GROUPS} study groups in as many guilds, one daily time, Discord's global limit enforced`);
    for (const processes of [1, 2] as const) {
      try {
        const result = await runFanOut(
          { items, logLevel, freshDatabase: (name) => freshDatabase(serverUrl, databaseNameFor(name, process.env)), progress: (line) => log(`   [${elapsed()}] ${line}`) },
          processes,
        );
        for (const line of formatFanOut(result)) log(`   ${line}`);
      } catch (error) {
        log(`   ${processes} process(es): FAILED to run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
    }
  }
  log();
  log(
    `targets, bot/baseline in the same run: first callback p99 <= ${TARGETS.firstCallbackP99Ratio.toFixed(1)}x, ` +
      `final reply p99 <= ${TARGETS.finalReplyP99Ratio.toFixed(1)}x, CPU per interaction <= ${TARGETS.cpuPerInteractionRatio.toFixed(1)}x ` +
      `(and Discord's 3,000 ms to acknowledge, in real time)`,
  );
  log(`load average (1/5/15 min) at end: ${load()}; total ${elapsed()}`);
}

await main().catch((error: unknown) => {
  log(`benchmark aborted: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
});
process.exit(0);
