// The one server the playground shows: two channels, you with Manage Server and four classmates
// without it. Ids are snowflake-shaped, as discord.js expects.
import { FakePermissions, type FakeGuildInput } from "@recall/discord-fake";

export const GUILD_ID = "1290000000000000001";
export const QUIZ_CHANNEL_ID = "1290000000000000101";
export const GENERAL_CHANNEL_ID = "1290000000000000102";
export const APPLICATION_ID = "1290000000000000900";

export const YOU = { id: "1290000000000000201", username: "you", globalName: "You" };

/** How well each classmate answers: everything, about half, barely, or with a known misconception. */
export type Level = "full" | "partial" | "weak" | "misconception";

export interface Classmate {
  user: { id: string; username: string; globalName: string };
  level: Level;
  locale: string;
}

export const CLASSMATES: readonly Classmate[] = [
  { user: { id: "1290000000000000202", username: "mei", globalName: "Mei" }, level: "full", locale: "zh-CN" },
  { user: { id: "1290000000000000203", username: "lei", globalName: "Lei" }, level: "partial", locale: "zh-CN" },
  { user: { id: "1290000000000000204", username: "ana", globalName: "Ana" }, level: "weak", locale: "en-US" },
  { user: { id: "1290000000000000205", username: "omar", globalName: "Omar" }, level: "misconception", locale: "en-US" },
];

export function playgroundGuild(): FakeGuildInput {
  return {
    id: GUILD_ID,
    name: "Recall Playground",
    ownerId: YOU.id,
    preferredLocale: "zh-CN",
    channels: [
      { id: QUIZ_CHANNEL_ID, name: "daily-quiz" },
      { id: GENERAL_CHANNEL_ID, name: "general" },
    ],
    members: [
      { user: YOU, permissions: FakePermissions.manager },
      ...CLASSMATES.map((classmate) => ({ user: classmate.user, permissions: FakePermissions.member })),
    ],
  };
}
