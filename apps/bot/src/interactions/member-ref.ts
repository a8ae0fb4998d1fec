// Who is acting, read from interaction data only: no privileged intents, no member fetches.
import { PermissionFlagsBits, type BaseInteraction } from "discord.js";
import type { Actor, GroupRef, MemberRef } from "@recall/study";
import { UserError } from "./user-error.ts";

export function memberRef(interaction: BaseInteraction): MemberRef {
  const member = interaction.member;
  const displayName =
    member && "displayName" in member
      ? member.displayName
      : (member?.nick ?? interaction.user.globalName ?? interaction.user.username);
  return {
    userId: interaction.user.id,
    serverId: interaction.guildId,
    displayName,
    locale: interaction.locale,
  };
}

export function actorOf(interaction: BaseInteraction): Actor {
  return {
    ...memberRef(interaction),
    canManageServer: interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false,
  };
}

export function groupOf(interaction: BaseInteraction, channelId?: string): GroupRef {
  if (!interaction.guildId || !interaction.channelId) throw new UserError("error.guild-only");
  return { serverId: interaction.guildId, channelId: channelId ?? interaction.channelId };
}
