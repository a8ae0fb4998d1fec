// Reads a V8 CPU profile (what BENCH_BOT_PROFILE_DIR collects) and prints where the time went:
// self time by package, self time by function, and inclusive time of the project's own
// functions (what a call into discord.js, drizzle or pino costs, charged to the caller).
//   pnpm exec tsx bench/cpu-profile.ts <file.cpuprofile> [--from <s>] [--to <s>] [--around <function> [--gap <s>]] [--top <n>]
// --from/--to keep the samples between those seconds of the profile (the timeline printed
// first shows where the work was), so start-up and shutdown do not drown the hot path.
// --around <function> picks the window itself: the largest cluster of samples running that
// function (e.g. handleAnswerModal: the measured burst, not the warm-up before it), samples more
// than --gap seconds apart (default 0.3) starting a new cluster. Async functions show only while
// their synchronous part runs, so on a loaded machine the timeline and --from/--to are surer.
// --every-cluster (with --around) keeps every cluster of at least 5 samples after --from instead
// of the largest: the three measured bursts together, without the warm-up or the form openings.
// The profiler samples wall time: a process descheduled in a system call (a socket write) is
// charged to it, so native time is an upper bound; process.cpuUsage (the bench) is the CPU.
import { readFileSync } from "node:fs";

interface CallFrame {
  functionName: string;
  url: string;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** `discord.js`, `drizzle-orm`, `bot`, `@recall/study`, `node:internal`, `(garbage collector)`… */
export function packageOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (url === "") return functionName.startsWith("(") ? functionName : "(native)";
  const modules = url.lastIndexOf("/node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + "/node_modules/".length).split("/");
    return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1] ?? ""}` : (rest[0] ?? url);
  }
  const own = /\/(apps|packages)\/([^/]+)\//.exec(url);
  if (own) return own[1] === "apps" ? (own[2] ?? url) : `@recall/${own[2] ?? ""}`;
  if (url.startsWith("node:")) return "node";
  return url;
}

function frameName(frame: CallFrame): string {
  const file = frame.url.replace(/^.*\/(node_modules|apps|packages)\//, "").replace(/^file:\/\//, "");
  return `${frame.functionName || "(anonymous)"} ${file}`;
}

interface Args {
  file: string;
  fromS: number;
  toS: number;
  top: number;
  around: string | null;
  gapS: number;
  everyCluster: boolean;
}

function parseArgs(argv: readonly string[]): Args {
  const file = argv.find((arg, index) => !arg.startsWith("--") && !(argv[index - 1] ?? "").startsWith("--"));
  if (!file) throw new Error("usage: cpu-profile.ts <file.cpuprofile> [--from <s>] [--to <s>] [--top <n>]");
  const option = (name: string, fallback: number): number => {
    const at = argv.indexOf(`--${name}`);
    const value = at >= 0 ? Number(argv[at + 1]) : fallback;
    if (Number.isNaN(value)) throw new Error(`--${name} needs a number`);
    return value;
  };
  const around = argv.indexOf("--around");
  return {
    file,
    fromS: option("from", 0),
    toS: option("to", Number.POSITIVE_INFINITY),
    top: option("top", 30),
    around: around >= 0 ? (argv[around + 1] ?? null) : null,
    gapS: option("gap", 0.3),
    everyCluster: argv.includes("--every-cluster"),
  };
}

/** Clusters of samples whose stack runs `functionName`: runs with no gap longer than `gapS`. */
function clustersOf(
  profile: CpuProfile,
  stackOf: (nodeId: number) => CallFrame[],
  functionName: string,
  gapS: number,
): { fromS: number; toS: number; count: number }[] {
  const clusters: { fromS: number; toS: number; count: number }[] = [];
  let atUs = 0;
  for (const [index, nodeId] of profile.samples.entries()) {
    atUs += profile.timeDeltas[index] ?? 0;
    if (!stackOf(nodeId).some((frame) => frame.functionName === functionName)) continue;
    const seconds = atUs / 1e6;
    const last = clusters[clusters.length - 1];
    if (last && seconds - last.toS <= gapS) {
      last.toS = seconds;
      last.count += 1;
    } else {
      clusters.push({ fromS: seconds, toS: seconds, count: 1 });
    }
  }
  if (clusters.length === 0) throw new Error(`no sample runs ${functionName}`);
  return clusters;
}

/** The windows to read: --from/--to, the largest cluster around a function, or every cluster after --from. */
function windowsOf(profile: CpuProfile, stackOf: (nodeId: number) => CallFrame[], args: Args): { fromS: number; toS: number }[] {
  if (!args.around) return [{ fromS: args.fromS, toS: args.toS }];
  const clusters = clustersOf(profile, stackOf, args.around, args.gapS);
  if (args.everyCluster) {
    const kept = clusters.filter((cluster) => cluster.count >= 5 && cluster.fromS >= args.fromS && cluster.toS <= args.toS);
    if (kept.length === 0) throw new Error(`no cluster of ${args.around} between --from and --to`);
    return kept;
  }
  return [[...clusters].sort((a, b) => b.count - a.count)[0] as { fromS: number; toS: number }];
}

function table(title: string, totals: Map<string, number>, windowMs: number, top: number): void {
  process.stdout.write(`\n${title}\n`);
  for (const [name, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    process.stdout.write(`${ms.toFixed(1).padStart(9)} ms ${((100 * ms) / windowMs).toFixed(1).padStart(5)}%  ${name}\n`);
  }
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const profile = JSON.parse(readFileSync(args.file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stackOf = (nodeId: number): CallFrame[] => {
    const frames: CallFrame[] = [];
    for (let current: number | undefined = nodeId; current !== undefined; current = parent.get(current)) {
      const frame = byId.get(current)?.callFrame;
      if (frame) frames.push(frame);
    }
    return frames;
  };
  const windows = windowsOf(profile, stackOf, args);
  const inWindow = (seconds: number): boolean => windows.some((w) => seconds >= w.fromS && seconds <= w.toS);
  const { top } = args;

  const idle = new Set(["(idle)", "(program)"]);
  const busyPerSecond = new Map<number, number>();
  const selfByPackage = new Map<string, number>();
  const selfByFunction = new Map<string, number>();
  const inclusiveOwn = new Map<string, number>();
  const byCallerPackage = new Map<string, number>();
  const add = <Key>(map: Map<Key, number>, key: Key, ms: number): void => void map.set(key, (map.get(key) ?? 0) + ms);
  let atUs = 0;
  let busyMs = 0;
  for (const [index, nodeId] of profile.samples.entries()) {
    // A sample's delta is the time since the previous one: charged to this sample's stack.
    const deltaUs = profile.timeDeltas[index] ?? 0;
    atUs += deltaUs;
    const node = byId.get(nodeId);
    if (!node || idle.has(node.callFrame.functionName)) continue;
    const ms = deltaUs / 1000;
    add(busyPerSecond, Math.floor(atUs / 250e3) / 4, ms);
    const seconds = atUs / 1e6;
    if (!inWindow(seconds)) continue;
    busyMs += ms;
    add(selfByPackage, packageOf(node.callFrame), ms);
    add(selfByFunction, `${packageOf(node.callFrame).padEnd(18)} ${frameName(node.callFrame)}`, ms);
    // Native work (a socket write, a microtask run) charged to the nearest library that asked for it.
    const stack = stackOf(nodeId);
    const caller = stack.find((frame) => !["node", "(native)"].includes(packageOf(frame)) && !frame.functionName.startsWith("("));
    add(byCallerPackage, caller ? packageOf(caller) : packageOf(node.callFrame), ms);
    const seen = new Set<string>();
    for (const frame of stack) {
      if (!/\/(apps|packages)\//.test(frame.url) || frame.url.includes("/node_modules/")) continue;
      const name = frameName(frame);
      if (!seen.has(name)) add(inclusiveOwn, name, ms);
      seen.add(name);
    }
  }

  process.stdout.write(`busy CPU per quarter second of the profile (idle excluded):\n`);
  for (const [second, ms] of [...busyPerSecond].sort((a, b) => a[0] - b[0])) {
    process.stdout.write(`  ${second.toFixed(2).padStart(6)} s ${ms.toFixed(0).padStart(4)} ms ${"#".repeat(Math.round(ms / 5))}\n`);
  }
  const spans = windows.map((w) => `${w.fromS.toFixed(2)}–${w.toS.toFixed(2)}`).join(", ");
  process.stdout.write(`\nwindow${windows.length > 1 ? "s" : ""} ${spans} s: ${busyMs.toFixed(1)} ms busy\n`);
  table("self time by package", selfByPackage, busyMs, top);
  table("self time by package, Node's own and native time charged to the library that called it", byCallerPackage, busyMs, top);
  table("self time by function", selfByFunction, busyMs, top);
  table("inclusive time of the project's own functions", inclusiveOwn, busyMs, top);
}

main();
