import type { MessageSnapshot } from "./types.ts";

/** Who a message would actually ping, given its content and allowed_mentions (embeds never ping). */
export interface EffectivePings {
  everyone: boolean;
  users: string[];
  roles: string[];
}

/**
 * Discord's rule: without allowed_mentions everything written in the content pings; with it, only
 * the parsed kinds and the listed ids do. Tests use this to prove member text is echoed harmlessly.
 */
export function effectivePings(message: Pick<MessageSnapshot, "content" | "allowedMentions">): EffectivePings {
  const content = message.content;
  const allowed = message.allowedMentions;
  const parse = new Set<string>(allowed ? (allowed.parse ?? []) : ["everyone", "users", "roles"]);
  const listedUsers = new Set(allowed?.users ?? []);
  const listedRoles = new Set(allowed?.roles ?? []);
  const written = (pattern: RegExp): string[] => [...new Set([...content.matchAll(pattern)].map((match) => match[1] ?? ""))];
  return {
    everyone: parse.has("everyone") && /@(everyone|here)\b/.test(content),
    users: written(/<@!?(\d{17,20})>/g).filter((id) => parse.has("users") || listedUsers.has(id)),
    roles: written(/<@&(\d{17,20})>/g).filter((id) => parse.has("roles") || listedRoles.has(id)),
  };
}
