// /settings through the local Discord: the member's FSRS parameters (default or personal, since
// when, log loss before and after) and the button back to the defaults.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getMemberByDiscordId, schema } from "@recall/db";
import { decodeCustomId } from "../src/custom-ids.ts";
import { BOB, CHANNEL_ID, GUILD_ID, TestClock, buttonIds, embedText, startHarness, type Harness } from "./harness.ts";

const PERSONAL = [0.35, 0.9, 3.2, 12, 6.9, 0.6, 2.2, 0.03, 1.55, 0.12, 1.0, 1.7, 0.08, 0.35, 1.8, 0.45, 2.2, 0.45, 0.2, 0.1, 0.25];
const clock = new TestClock(Date.parse("2026-03-02T00:00:00Z"));
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ clock });
}, 120_000);

afterAll(async () => {
  await h?.stop();
});

describe("/settings and personal FSRS parameters", () => {
  it("shows the defaults, then personal parameters, and goes back to the defaults on the button", async () => {
    const first = h.fake.slashCommand({ ...BOB, guildId: GUILD_ID, channelId: CHANNEL_ID, name: "settings" });
    const shown = await first.waitForReply();
    expect(embedText(shown)).toContain("Default");
    expect(buttonIds(shown)).toEqual([]);

    // A fit was adopted for Bob (the only member of this database).
    const fittedAt = new Date("2026-03-01T12:00:00Z");
    const bob = await getMemberByDiscordId(h.database.db, BOB.user.id);
    await h.database.db.update(schema.members).set({ fsrsParameters: PERSONAL });
    await h.database.db.insert(schema.memberFsrs).values({ memberId: bob!.id, since: fittedAt, logLossBefore: 0.3123, logLossAfter: 0.2987, lastFitAt: fittedAt, lastFitReviewCount: 1200, lastFitOutcome: "adopted" });

    const again = h.fake.slashCommand({ ...BOB, guildId: GUILD_ID, channelId: CHANNEL_ID, name: "settings" });
    const personal = await again.waitForReply();
    expect(embedText(personal)).toContain("Personal (fitted to your reviews)");
    expect(embedText(personal)).toContain(`<t:${fittedAt.getTime() / 1000}:d>`);
    expect(embedText(personal)).toContain("0.3123 before → 0.2987 now");
    const [buttonId] = buttonIds(personal);
    expect(decodeCustomId(buttonId!)).toEqual({ kind: "fsrs-defaults" });

    const click = h.fake.clickButton({ ...BOB, messageId: personal.messageId, customId: buttonId! });
    const updated = await click.waitForReply((r) => embedText(r).includes("Default"));
    expect(embedText(updated)).toContain("Default");
    expect((await getMemberByDiscordId(h.database.db, BOB.user.id))?.fsrsParameters).toBeNull();
    expect(embedText(updated)).toContain("You chose the defaults");

    // Back to fitting: the opt-out is lifted, so the next fit run may fit Bob again.
    const settingsNow = await h.fake.slashCommand({ ...BOB, guildId: GUILD_ID, channelId: CHANNEL_ID, name: "settings" }).waitForReply();
    const [personalId] = buttonIds(settingsNow);
    expect(decodeCustomId(personalId!)).toEqual({ kind: "fsrs-personal" });
    const allow = h.fake.clickButton({ ...BOB, messageId: settingsNow.messageId, customId: personalId! });
    const allowed = await allow.waitForReply((r) => r.components.length === 0);
    expect(embedText(allowed)).toContain("Default");
    expect(embedText(allowed)).not.toContain("You chose the defaults");
    const [fsrsRow] = await h.database.db.select().from(schema.memberFsrs);
    expect(fsrsRow?.optedOut).toBe(false);
    expect(h.fake.rejections).toEqual([]);
  });
});
