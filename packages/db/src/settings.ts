// Servers, study groups and members: the settings admins and members change.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "./database.ts";
import { mapErrors, NotFoundError } from "./errors.ts";
import type { Member, MemberPreferences, StudyGroup, StudyGroupSettings } from "./records.ts";
import { iso, preparedPerDatabase } from "./rows.ts";
import { groupMembers, members, servers, studyGroups } from "./schema.ts";

export async function upsertServer(db: Database, serverId: string): Promise<void> {
  await mapErrors(() => db.insert(servers).values({ id: serverId }).onConflictDoNothing());
}

/** Creates the group of a channel or replaces its settings (one group per channel). */
export async function upsertStudyGroup(db: Database, settings: StudyGroupSettings, now: Date): Promise<StudyGroup> {
  return mapErrors(async () => {
    await db.insert(servers).values({ id: settings.serverId }).onConflictDoNothing();
    const values = { ...settings, chapters: [...settings.chapters], locale: settings.locale ?? "zh-CN", updatedAt: now };
    const [row] = await db
      .insert(studyGroups)
      .values({ ...values, createdAt: now })
      .onConflictDoUpdate({
        target: [studyGroups.serverId, studyGroups.channelId],
        set: {
          dailyTime: values.dailyTime,
          timezone: values.timezone,
          questionsPerDay: values.questionsPerDay,
          chapters: values.chapters,
          paused: values.paused,
          // Setting a group up again is how an admin says its channel is fixed.
          pausedReason: null,
          locale: values.locale,
          updatedAt: now,
        },
      })
      .returning();
    return groupFromRow(required(row, "study group"));
  });
}

/**
 * Pauses or resumes a group. `reason` says why the bot paused it on its own (its channel refused
 * a post); an admin's pause or resume clears it.
 */
export async function setGroupPaused(db: Database, groupId: number, paused: boolean, now: Date, reason: string | null = null): Promise<StudyGroup> {
  return mapErrors(async () => {
    const [row] = await db
      .update(studyGroups)
      .set({ paused, pausedReason: paused ? reason : null, updatedAt: now })
      .where(eq(studyGroups.id, groupId))
      .returning();
    return groupFromRow(required(row, `study group ${groupId}`));
  });
}

export async function getStudyGroup(db: Database, groupId: number): Promise<StudyGroup | null> {
  return mapErrors(async () => {
    const [row] = await db.select().from(studyGroups).where(eq(studyGroups.id, groupId));
    return row ? groupFromRow(row) : null;
  });
}

export async function findStudyGroupByChannel(db: Database, serverId: string, channelId: string): Promise<StudyGroup | null> {
  return mapErrors(async () => {
    const [row] = await db
      .select()
      .from(studyGroups)
      .where(and(eq(studyGroups.serverId, serverId), eq(studyGroups.channelId, channelId)));
    return row ? groupFromRow(row) : null;
  });
}

/** Groups to schedule posts for: all, or only those not paused. */
export async function listStudyGroups(db: Database, options: { activeOnly?: boolean; serverId?: string } = {}): Promise<StudyGroup[]> {
  return mapErrors(async () => {
    const conditions = [
      options.activeOnly ? eq(studyGroups.paused, false) : undefined,
      options.serverId ? eq(studyGroups.serverId, options.serverId) : undefined,
    ];
    const rows = await db
      .select()
      .from(studyGroups)
      .where(and(...conditions))
      .orderBy(asc(studyGroups.id));
    return rows.map(groupFromRow);
  });
}

/** Whether the member already holds every given preference (an undefined one is not given). */
export function hasPreferences(member: Pick<Member, keyof MemberPreferences>, preferences: MemberPreferences): boolean {
  return Object.entries(definedOnly(preferences)).every(([key, value]) => member[key as keyof MemberPreferences] === value);
}

const memberByDiscordIdQuery = preparedPerDatabase((db) =>
  db.select().from(members).where(eq(members.discordUserId, sql.placeholder("discordUserId"))).prepare("recall_member_by_discord_id"),
);

/**
 * Creates the member on first sight; given preferences replace the stored ones, others are kept.
 * `firstSeen` applies only when the member is created (e.g. the timezone of the group they met
 * Recall in), never over what they chose since.
 *
 * Every interaction calls this with the member's display name and locale, which rarely change:
 * a read comes first, and only a new member or a changed preference is written (a write costs a
 * commit flush; the read does not).
 */
export async function upsertMember(
  db: Database,
  discordUserId: string,
  preferences: MemberPreferences,
  now: Date,
  firstSeen: MemberPreferences = {},
  /** The member as the caller just read it (null: not found); left out, it is read here. */
  known?: Member | null,
): Promise<Member> {
  return mapErrors(async () => {
    const set = definedOnly(preferences);
    if (known !== undefined) {
      if (known && hasPreferences(known, set)) return known;
    } else {
      const [stored] = await memberByDiscordIdQuery(db).execute({ discordUserId });
      if (stored && hasPreferences(stored, set)) return memberFromRow(stored);
    }
    const first = definedOnly(firstSeen);
    const values: Record<string, unknown> = { discordUserId, now };
    for (const [key, value] of Object.entries(first)) values[`first_${key}`] = value;
    for (const [key, value] of Object.entries(set)) values[`set_${key}`] = value;
    const [row] = await upsertMemberQuery(db, Object.keys(set), Object.keys(first)).execute(values);
    return memberFromRow(required(row, "member"));
  });
}

type PreferenceKey = keyof MemberPreferences;
const PREFERENCE_COLUMNS: Record<PreferenceKey, string> = {
  locale: "locale",
  displayName: "display_name",
  timezone: "timezone",
  dayStartHour: "day_start_hour",
  desiredRetention: "desired_retention",
};

/**
 * The upsert, prepared once per database and shape (which preferences are set, which apply only on
 * creation): the shapes are few, and building the query each time cost more than running it.
 */
const upsertMemberQueries = preparedPerDatabase(() => new Map<string, ReturnType<typeof buildUpsertMember>>());

function upsertMemberQuery(db: Database, setKeys: string[], firstKeys: string[]) {
  const shape = `${setKeys.join(",")}|${firstKeys.join(",")}`;
  const byShape = upsertMemberQueries(db);
  let query = byShape.get(shape);
  if (!query) {
    query = buildUpsertMember(db, setKeys as PreferenceKey[], firstKeys as PreferenceKey[], byShape.size);
    byShape.set(shape, query);
  }
  return query;
}

function buildUpsertMember(db: Database, setKeys: PreferenceKey[], firstKeys: PreferenceKey[], serial: number) {
  const now = sql.placeholder("now");
  const values = {
    discordUserId: sql.placeholder("discordUserId"),
    ...Object.fromEntries(firstKeys.map((key) => [key, sql.placeholder(`first_${key}`)])),
    ...Object.fromEntries(setKeys.map((key) => [key, sql.placeholder(`set_${key}`)])),
    createdAt: now,
    updatedAt: now,
  };
  const set = Object.fromEntries(setKeys.map((key) => [key, sql.raw(`excluded.${PREFERENCE_COLUMNS[key]}`)]));
  return db
    .insert(members)
    .values(values)
    .onConflictDoUpdate({
      target: members.discordUserId,
      // With nothing to change, still touch the row so `returning` yields it.
      set: { ...set, updatedAt: setKeys.length > 0 ? sql.raw("excluded.updated_at") : sql`${members.updatedAt}` },
    })
    .returning()
    .prepare(`recall_upsert_member_${serial}`);
}

export async function getMember(db: Database, memberId: number): Promise<Member | null> {
  return mapErrors(async () => {
    const [row] = await db.select().from(members).where(eq(members.id, memberId));
    return row ? memberFromRow(row) : null;
  });
}

export async function getMemberByDiscordId(db: Database, discordUserId: string): Promise<Member | null> {
  return mapErrors(async () => {
    const [row] = await db.select().from(members).where(eq(members.discordUserId, discordUserId));
    return row ? memberFromRow(row) : null;
  });
}

export async function addGroupMember(db: Database, groupId: number, memberId: number): Promise<void> {
  await mapErrors(() => db.insert(groupMembers).values({ groupId, memberId }).onConflictDoNothing());
}

export async function removeGroupMember(db: Database, groupId: number, memberId: number): Promise<void> {
  await mapErrors(() =>
    db.delete(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.memberId, memberId))),
  );
}

function definedOnly(preferences: MemberPreferences): MemberPreferences {
  return Object.fromEntries(Object.entries(preferences).filter(([, value]) => value !== undefined));
}

function required<T>(row: T | undefined, what: string): T {
  if (!row) throw new NotFoundError(`${what} not found`);
  return row;
}

export function groupFromRow(row: typeof studyGroups.$inferSelect): StudyGroup {
  return {
    id: row.id,
    serverId: row.serverId,
    channelId: row.channelId,
    dailyTime: row.dailyTime,
    timezone: row.timezone,
    questionsPerDay: row.questionsPerDay,
    chapters: row.chapters,
    paused: row.paused,
    pausedReason: row.pausedReason,
    locale: row.locale,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function memberFromRow(row: typeof members.$inferSelect): Member {
  return {
    id: row.id,
    discordUserId: row.discordUserId,
    displayName: row.displayName,
    locale: row.locale,
    timezone: row.timezone,
    dayStartHour: row.dayStartHour,
    desiredRetention: row.desiredRetention,
    fsrsParameters: row.fsrsParameters ?? null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
