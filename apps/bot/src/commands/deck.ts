// `/deck import|list|remove`: a server's own decks. The attachment's declared size is checked
// before anything is downloaded, the download is capped again while it streams, and the import
// runs in a worker thread (in the study layer) so the bot keeps answering meanwhile. The
// dispatcher has already deferred the private reply, so every branch edits it.
import { AttachmentBuilder, type ChatInputCommandInteraction } from "discord.js";
import { MAX_DECK_FILE_BYTES } from "@recall/study";
import { localeFor, t } from "../i18n/index.ts";
import { actorOf } from "../interactions/member-ref.ts";
import { UserError } from "../interactions/user-error.ts";
import type { BotContext } from "../interactions/context.ts";
import { textPayload } from "../presenters/index.ts";
import { deckProblemsFile, renderDeckImport, renderDeckList, renderDeckRemoved } from "../presenters/deck.ts";
import { DECK_SUBCOMMANDS, OPTION_NAMES } from "./definitions.ts";

/** Downloads at most `maxBytes`; null when the server answers otherwise or sends more. */
export async function downloadCapped(url: string, maxBytes: number): Promise<Uint8Array | null> {
  const response = await fetch(url);
  if (!response.ok || !response.body) return null;
  const chunks: Uint8Array[] = [];
  let total = 0;
  // Leaving the loop early cancels the download.
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > maxBytes) return null;
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export async function handleDeckCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const locale = localeFor(interaction.locale);
  const actor = actorOf(interaction);
  const serverId = interaction.guildId;
  if (!serverId) throw new UserError("error.guild-only");
  const subcommand = interaction.options.getSubcommand(true);

  switch (subcommand) {
    case DECK_SUBCOMMANDS.import: {
      if (!actor.canManageServer) throw new UserError("error.not-allowed");
      const file = interaction.options.getAttachment(OPTION_NAMES.file, true);
      if (file.size > MAX_DECK_FILE_BYTES) {
        await interaction.editReply(textPayload(t(locale, "deck.import.too-large", { size: file.size, max: MAX_DECK_FILE_BYTES })));
        return;
      }
      const bytes = await downloadCapped(file.url, MAX_DECK_FILE_BYTES).catch(() => null);
      if (!bytes) {
        await interaction.editReply(textPayload(t(locale, "deck.import.download-failed")));
        return;
      }
      const name = interaction.options.getString(OPTION_NAMES.name) ?? undefined;
      const view = await ctx.study.importDeck(actor, serverId, { bytes, fileName: file.name, ...(name === undefined ? {} : { name }) });
      ctx.logger.info({ serverId, deckId: view.deck?.id ?? null, items: view.deck?.items ?? 0, problems: view.problems.length }, "deck import");
      // Problems that do not fit in the reply go beside it as a text file, so every one is named.
      const problems = deckProblemsFile(view, locale);
      const files = problems === null ? [] : [new AttachmentBuilder(Buffer.from(problems, "utf8"), { name: "deck-problems.txt" })];
      await interaction.editReply({ ...renderDeckImport(view, locale), files });
      return;
    }
    case DECK_SUBCOMMANDS.list: {
      await interaction.editReply(renderDeckList(await ctx.study.listDecks(serverId), locale));
      return;
    }
    case DECK_SUBCOMMANDS.remove: {
      const name = interaction.options.getString(OPTION_NAMES.name, true);
      const removed = await ctx.study.removeDeck(actor, serverId, name);
      await interaction.editReply(renderDeckRemoved(name, removed, locale));
      return;
    }
    default:
      throw new Error(`unknown /deck subcommand ${subcommand}`);
  }
}

/** The server's decks whose names contain what is typed so far (Discord shows at most 25). */
export async function deckChoices(ctx: BotContext, serverId: string | null, typed: string): Promise<{ name: string; value: string }[]> {
  if (!serverId) return [];
  const needle = typed.trim().toLowerCase();
  return (await ctx.study.listDecks(serverId))
    .filter((deck) => deck.name.toLowerCase().includes(needle))
    .slice(0, 25)
    .map((deck) => ({ name: deck.name, value: deck.name }));
}
