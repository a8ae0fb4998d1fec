// 200 members submit their answers to the daily quiz in one burst. Each first clicks Answer and
// gets the modal (not the measured part), then all 200 modal submits are dispatched back to back;
// the bot defers, grades, stores the review on PostgreSQL and edits its reply. The bot and the
// trivial client run side by side and take turns, ROUNDS bursts each: a spell of load on the
// shared machine then falls on both, not on whichever happened to run during it.
import type { QuizItem } from "@recall/content";
import type { FakeDiscord, InteractionHandle, ReplyRecord } from "@recall/discord-fake";
import { decodeCustomId } from "../../src/custom-ids.ts";
import { ADMIN, CHANNEL_ID, GUILD_ID, TestClock, buttonIds, embedText, livePosts } from "../../test/harness.ts";
import { benchMember, countRows, type BenchMember } from "../bench-members.ts";
import type { BotMeter } from "../bot-process-client.ts";
import { memberAnswer } from "../member-answers.ts";
import { startRecallOnDiscord } from "../recall-on-discord.ts";
import { DISCORD_ACK_WINDOW_MS, measureBurst, restCallsByKind, type BenchContext, type Check, type LatencySeries, type Scenario } from "../scenario.ts";
import { formatSummary, summarise } from "../stats.ts";
import { startTrivialBot } from "../trivial-bot.ts";

export const BURST_MEMBERS = 200;
const ROUNDS = 3;
// A running bot has graded thousands of answers; a fresh process runs its first several hundred
// in V8's unoptimised tiers (grading costs over 1 ms each then, 0.4 ms once warm), and so does
// discord.js in the trivial client. The warm-up, unmeasured and given to both, makes the bursts
// measure the steady state (with 20 or 200, the figures were mostly JIT warm-up). It comes in
// bursts of the measured size, bot and trivial client in turn: as one burst of 800, the trivial
// client was still warming up in the first measured round (1.1 ms an answer, 0.5 ms by the third),
// which flattered the bot's first-round ratio.
const WARMUP_ROUNDS = 4;
const WARMUP_MEMBERS = WARMUP_ROUNDS * BURST_MEMBERS;
const DATABASE_NAME = "recall_bot_bench";
const ANSWER_SEED = 6_000;
// Monday 2 March 2026 in Shanghai: the group is set up at 08:30 and posts at 09:00 local.
const SETUP_AT = "2026-03-02T00:30:00Z";
const POST_AT = "2026-03-02T01:00:00Z";

/** Every member clicks Answer; resolves with the clicks once each has its modal. */
async function openModals(
  fake: FakeDiscord,
  bot: BotMeter,
  messageId: string,
  customId: string,
  members: readonly BenchMember[],
): Promise<InteractionHandle[]> {
  const clicks = members.map((member) => fake.clickButton({ ...member, messageId, customId }));
  await bot.whileRunning(Promise.all(clicks.map((click) => click.firstResponse())));
  for (const click of clicks) click.modal(); // throws if the bot answered with anything but a form
  return clicks;
}

function submitAll(fake: FakeDiscord, clicks: readonly InteractionHandle[], answers: readonly string[]): InteractionHandle[] {
  // One synchronous loop: the 200 INTERACTION_CREATEs leave back to back, a real burst.
  return clicks.map((click, index) => fake.submitModal({ modalOf: click, fields: { answer: answers[index] ?? "" } }));
}

/** Member `index`'s place: rounds first, then the warm-up members after them. */
const warmupMember = (index: number): number => ROUNDS * BURST_MEMBERS + index;

/** The same figures over several bursts: latencies pooled, CPU and waits summed. */
function pooled(series: readonly LatencySeries[]): LatencySeries {
  return {
    firstCallbackMs: series.flatMap((one) => one.firstCallbackMs),
    finalReplyMs: series.flatMap((one) => one.finalReplyMs),
    botCpuMs: series.reduce((sum, one) => sum + one.botCpuMs, 0),
    localCpuMs: series.reduce((sum, one) => sum + one.localCpuMs, 0),
    globalLimitWaits: series.reduce((sum, one) => sum + one.globalLimitWaits, 0),
  };
}

function roundRatios(round: number, bot: LatencySeries, baseline: LatencySeries): string {
  const p99 = (values: readonly number[]): number => summarise(values).p99;
  const times = (a: number, b: number): string => `${(a / b).toFixed(2)}x`;
  return (
    `round ${round + 1}: first callback p99 ${times(p99(bot.firstCallbackMs), p99(baseline.firstCallbackMs))}, ` +
    `final reply p99 ${times(p99(bot.finalReplyMs), p99(baseline.finalReplyMs))}, ` +
    `CPU ${times(bot.botCpuMs, baseline.botCpuMs)} (${(bot.botCpuMs / BURST_MEMBERS).toFixed(1)} vs ${(baseline.botCpuMs / BURST_MEMBERS).toFixed(1)} ms an answer)`
  );
}

function answersFor(item: QuizItem, from: number, count: number): string[] {
  return Array.from({ length: count }, (_, index) => memberAnswer(item, ANSWER_SEED + from + index));
}

export const answerBurstScenario: Scenario = {
  name: "answer-burst",
  async run(context: BenchContext) {
    const databaseUrl = await context.freshDatabase(DATABASE_NAME);
    const clock = new TestClock(Date.parse(SETUP_AT));
    const recall = await startRecallOnDiscord({ databaseUrl, items: context.items, clock, logLevel: context.logLevel });
    const checks: Check[] = [];
    const notes: string[] = [];
    const measuredRounds: LatencySeries[] = [];
    const baselineRounds: LatencySeries[] = [];
    const trivial = await startTrivialBot({ clockMs: Date.parse(POST_AT) }).catch(async (error: unknown) => {
      await recall.stop();
      throw error;
    });
    try {
      const { fake, bot, study } = recall;
      await study.setupGroup(
        { userId: ADMIN.user.id, serverId: GUILD_ID, displayName: "Admin", locale: "zh-CN", canManageServer: true },
        { serverId: GUILD_ID, channelId: CHANNEL_ID, dailyTime: "09:00", timezone: "Asia/Shanghai", questionsPerDay: 1 },
      );
      clock.set(POST_AT);
      await bot.runDailyCycle();
      const post = livePosts(fake)[0];
      if (!post) throw new Error("the bot did not post the daily quiz");
      const answerButton = buttonIds(post).find((id) => decodeCustomId(id)?.kind === "answer");
      const decoded = answerButton ? decodeCustomId(answerButton) : null;
      if (!answerButton || decoded?.kind !== "answer") throw new Error("the daily post has no Answer button");
      const item = context.items.find((candidate) => candidate.id === decoded.itemId);
      if (!item) throw new Error(`the daily post asks ${decoded.itemId}, which the bank does not have`);

      const warmupAnswers = answersFor(item, warmupMember(0), WARMUP_MEMBERS);
      const trivialSubmits = (answers: readonly string[], offset: number) => (): InteractionHandle[] =>
        answers.map((answer, index) =>
          trivial.fake.submitModal({ ...benchMember(offset + index), customId: "bench-answer", guildId: GUILD_ID, channelId: CHANNEL_ID, fields: { answer } }),
        );

      context.progress(`warm-up: ${WARMUP_ROUNDS} bursts of ${BURST_MEMBERS} members answer the bot, and the trivial client in turn (not measured)`);
      for (let round = 0; round < WARMUP_ROUNDS; round++) {
        const first = round * BURST_MEMBERS;
        const answers = warmupAnswers.slice(first, first + BURST_MEMBERS);
        const warmupMembers = Array.from({ length: BURST_MEMBERS }, (_, index) => benchMember(warmupMember(first + index)));
        const warmupClicks = await openModals(fake, bot, post.id, answerButton, warmupMembers);
        await measureBurst(() => submitAll(fake, warmupClicks, answers), bot);
        await bot.idle();
        await measureBurst(trivialSubmits(answers, warmupMember(first)), trivial.client);
      }

      const allMembers: BenchMember[] = [];
      let allReplies: ReplyRecord[] = [];
      const requestsBefore = fake.requests.length;
      for (let round = 0; round < ROUNDS; round++) {
        const offset = round * BURST_MEMBERS;
        const answers = answersFor(item, offset, BURST_MEMBERS);
        if (round === 0) {
          const lengths = answers.map((answer) => [...answer].length);
          notes.push(`question ${item.id}; answers ${Math.min(...lengths)}–${Math.max(...lengths)} characters (seeded, one per member); ${ROUNDS} rounds, bot and baseline in turn`);
        }
        const members = Array.from({ length: BURST_MEMBERS }, (_, index) => benchMember(offset + index));
        allMembers.push(...members);
        context.progress(`round ${round + 1}/${ROUNDS}: ${BURST_MEMBERS} members open the answer form, then submit in one burst`);
        const clicks = await openModals(fake, bot, post.id, answerButton, members);
        if (round === 0) {
          const clickLatency = summarise(clicks.map((click) => click.callback?.latencyMs ?? Number.NaN));
          notes.push(`Answer click → modal (burst of ${BURST_MEMBERS}, not a target): ${formatSummary(clickLatency)}`);
        }
        const { series, replies } = await measureBurst(() => submitAll(fake, clicks, answers), bot);
        await bot.idle();
        context.progress(`round ${round + 1}/${ROUNDS}: the trivial client answers the same ${BURST_MEMBERS} submits`);
        const baseline = (await measureBurst(trivialSubmits(answers, offset), trivial.client)).series;
        measuredRounds.push(series);
        baselineRounds.push(baseline);
        allReplies = allReplies.concat(replies);
        notes.push(roundRatios(round, series, baseline));
      }
      notes.push(`REST calls the bot made for the ${ROUNDS} bursts: ${restCallsByKind(fake.requests.slice(requestsBefore))}`);

      const bursts = ROUNDS * BURST_MEMBERS;
      const graded = allReplies.filter((reply) => /\d+\/100/.test(embedText(reply)) && !/已经|already/i.test(embedText(reply)));
      checks.push({ description: `every submit got its own graded result (score shown)`, ok: graded.length === bursts, detail: `${graded.length}/${bursts}` });
      checks.push({
        description: "each final reply is private",
        ok: allReplies.every((reply) => reply.ephemeral),
        detail: `${allReplies.filter((reply) => reply.ephemeral).length}/${bursts}`,
      });
      const postId = decoded.postId;
      if (!/^\d+$/.test(postId)) throw new Error(`unexpected post id ${postId}`);
      const execute = (query: string) => recall.database.db.execute(query);
      const burstIds = allMembers.map((member) => `'${member.user.id}'`).join(",");
      const stored = await countRows(
        execute,
        `select count(*)::int as n from answers a join members m on m.id = a.member_id
         where a.quiz_post_id = ${postId} and m.discord_user_id in (${burstIds})`,
      );
      checks.push({ description: `exactly ${bursts} answers of the bursts stored`, ok: stored === bursts, detail: String(stored) });
      const total = await countRows(execute, `select count(*)::int as n from answers`);
      checks.push({ description: `no other answers stored (warm-up ${WARMUP_MEMBERS} + bursts ${bursts})`, ok: total === WARMUP_MEMBERS + bursts, detail: String(total) });
      const quiz = await study.dailyQuiz(postId);
      checks.push({
        description: "the post's answer count matches",
        ok: quiz?.answerCount === WARMUP_MEMBERS + bursts,
        detail: String(quiz?.answerCount),
      });
      checks.push({ description: "the local Discord rejected nothing", ok: fake.rejections.length === 0, detail: fake.rejections.map((r) => `${r.method} ${r.path} ${r.code}`).slice(0, 3).join("; ") });
      checks.push({ description: "no unknown routes", ok: fake.unknownRoutes.length === 0 });
      const late = measuredRounds.flatMap((one) => one.firstCallbackMs).filter((ms) => ms > DISCORD_ACK_WINDOW_MS).length;
      checks.push({ description: `no first callback later than Discord's ${DISCORD_ACK_WINDOW_MS} ms (real time)`, ok: late === 0, detail: `${late} late` });
    } finally {
      await trivial.stop();
      await recall.stop();
    }

    return {
      title: `${BURST_MEMBERS} members submit answers in one burst, ${ROUNDS} times (modal submit → defer → grade → PostgreSQL → edit)`,
      measured: pooled(measuredRounds),
      baseline: pooled(baselineRounds),
      notes,
      checks,
    };
  },
};
