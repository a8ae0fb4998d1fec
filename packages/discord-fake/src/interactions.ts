import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import { FakeDiscordUsageError } from "./errors.ts";
import { sendBytes } from "./http-io.ts";
import { InteractionHandle, InteractionKind } from "./interaction-handle.ts";
import { ComponentKind, DiscordLimits } from "./limits.ts";
import { FakePermissions, apiMember, apiPartialChannel, apiUser, everyoneRole } from "./payloads.ts";
import { APP_PERMISSIONS, CHAT_INPUT, EPHEMERAL, isObject } from "./state.ts";
import type { FakeState, InteractionActor, Json } from "./state.ts";
import type { Commands } from "./commands.ts";
import type { CommandOptionValue, FakeMemberInput, FakeUpload, StoredMessage } from "./types.ts";

const OptionType = {
  Subcommand: 1,
  SubcommandGroup: 2,
  String: 3,
  Integer: 4,
  Boolean: 5,
  User: 6,
  Channel: 7,
  Role: 8,
  Mentionable: 9,
  Number: 10,
  Attachment: 11,
} as const;

export interface SlashCommandInput extends InteractionActor {
  guildId: string;
  channelId: string;
  name: string;
  subcommandGroup?: string;
  subcommand?: string;
  /** Option values by name; types come from the registered command when there is one. An attachment option takes a FakeUpload. */
  options?: Record<string, CommandOptionValue | FakeUpload>;
}

export interface ClickButtonInput extends InteractionActor {
  messageId: string;
  customId: string;
}

export interface SelectMenuInput extends InteractionActor {
  messageId: string;
  customId: string;
  values: string[];
}

export interface SubmitModalInput extends Partial<InteractionActor> {
  /** The interaction whose modal is being submitted: custom_id, place, user and inputs come from it. */
  modalOf?: InteractionHandle;
  customId?: string;
  guildId?: string;
  channelId?: string;
  /** Text input values by their custom_id. */
  fields: Record<string, string>;
}

export interface AutocompleteInput extends SlashCommandInput {
  /** The option being typed in; its current text is options[focused] ("" when absent). */
  focused: string;
}

/** Where INTERACTION_CREATE goes: the bot's gateway sessions. */
export interface InteractionSink {
  hasAnySession(): boolean;
  hasSessionFor(guildId: string): boolean;
  /** Returns the shards the event went to (only the guild's shard when a guild is given). */
  dispatch(type: string, data: unknown, guildId?: string): number[];
}

function* walkComponents(components: unknown): Generator<Json> {
  if (!Array.isArray(components)) return;
  for (const component of components) {
    if (!isObject(component)) continue;
    yield component;
    yield* walkComponents(component.components);
    if (isObject(component.component)) yield* walkComponents([component.component]);
    if (isObject(component.accessory)) yield* walkComponents([component.accessory]);
  }
}

/** What members do: slash commands, clicks, menu choices and modal submissions sent to the bot. */
export class Interactions {
  constructor(
    private readonly state: FakeState,
    private readonly commands: Commands,
    private readonly gateway: InteractionSink,
  ) {}

  /** Dispatches a chat-input command as a member typed it. */
  slashCommand(input: SlashCommandInput): InteractionHandle {
    const guildId = input.guildId;
    const definition = this.commands.find(input.name, guildId);
    let optionDefs = definition ? ((definition.options as Json[] | undefined) ?? []) : undefined;
    const path = [input.subcommandGroup, input.subcommand].filter((part): part is string => part !== undefined);
    for (const part of path) {
      if (optionDefs === undefined) break;
      const next = optionDefs.find((option) => option.name === part && (option.type === OptionType.Subcommand || option.type === OptionType.SubcommandGroup));
      if (!next) throw new FakeDiscordUsageError(`Command /${input.name} has no subcommand (group) "${part}"`);
      optionDefs = (next.options as Json[] | undefined) ?? [];
    }
    const resolved: Record<string, Record<string, unknown>> = {};
    let options: Json[] = this.buildOptions(input.name, optionDefs, input.options ?? {}, resolved, input.channelId);
    if (input.subcommand !== undefined) options = [{ type: OptionType.Subcommand, name: input.subcommand, options }];
    if (input.subcommandGroup !== undefined) options = [{ type: OptionType.SubcommandGroup, name: input.subcommandGroup, options }];
    const data: Json = {
      id: definition?.id ?? this.state.mint.next(),
      name: input.name,
      type: CHAT_INPUT,
      options,
      ...(definition?.guild_id ? { guild_id: definition.guild_id } : {}),
      ...(Object.keys(resolved).length > 0 ? { resolved } : {}),
    };
    return this.dispatch(InteractionKind.ApplicationCommand, data, guildId, input.channelId, input, null);
  }

  /**
   * Dispatches an autocomplete request while a member types in an option: options typed so far,
   * the focused one flagged, no required-option or choice checks (Discord sends partial input).
   */
  autocomplete(input: AutocompleteInput): InteractionHandle {
    const definition = this.commands.find(input.name, input.guildId);
    let optionDefs = definition ? ((definition.options as Json[] | undefined) ?? []) : [];
    for (const part of [input.subcommandGroup, input.subcommand]) {
      if (part === undefined) continue;
      optionDefs = ((optionDefs.find((option) => option.name === part)?.options as Json[] | undefined) ?? []);
    }
    // Files are uploaded when the command is sent, not while the member types.
    const typed = Object.entries(input.options ?? {}).filter((entry): entry is [string, CommandOptionValue] => !isUpload(entry[1]));
    const values: Record<string, CommandOptionValue> = { [input.focused]: "", ...Object.fromEntries(typed) };
    let options: Json[] = Object.entries(values).map(([name, value]) => {
      const def = optionDefs.find((option) => option.name === name);
      const type = typeof def?.type === "number" ? def.type : OptionType.String;
      return { name, type, value: name === input.focused ? String(value) : value, ...(name === input.focused ? { focused: true } : {}) };
    });
    if (input.subcommand !== undefined) options = [{ type: OptionType.Subcommand, name: input.subcommand, options }];
    if (input.subcommandGroup !== undefined) options = [{ type: OptionType.SubcommandGroup, name: input.subcommandGroup, options }];
    const data: Json = { id: definition?.id ?? this.state.mint.next(), name: input.name, type: CHAT_INPUT, options };
    return this.dispatch(InteractionKind.Autocomplete, data, input.guildId, input.channelId, input, null);
  }

  /**
   * Sends the same INTERACTION_CREATE again (same id and token), as a replayed or doubled delivery:
   * a bot must not act twice, and its second acknowledgement gets 40060.
   */
  redeliver(handle: InteractionHandle): void {
    if (!this.gateway.hasAnySession()) throw new FakeDiscordUsageError("No bot session on the gateway to redeliver to");
    handle.timeline.push({ kind: "dispatch", at: performance.now() });
    this.gateway.dispatch("INTERACTION_CREATE", handle.payload, handle.guildId ?? undefined);
    this.state.signal.notify();
  }

  /** Dispatches a click on a button of a stored message (ephemeral ones only for their member). */
  clickButton(input: ClickButtonInput): InteractionHandle {
    const message = this.state.messages.get(input.messageId);
    if (!message || message.deleted) throw new FakeDiscordUsageError(`No message ${input.messageId} to click on`);
    const buttons = [...walkComponents(message.components)].filter((component) => component.type === ComponentKind.Button);
    const button = buttons.find((component) => component.custom_id === input.customId);
    if (!button) {
      const known = buttons.map((component) => String(component.custom_id)).join(", ");
      throw new FakeDiscordUsageError(`Message ${message.id} has no button "${input.customId}" (buttons: ${known || "none"})`);
    }
    if (button.disabled === true) throw new FakeDiscordUsageError(`Button "${input.customId}" is disabled`);
    this.assertCanSee(message, input.user.id);
    if (!message.guildId) throw new FakeDiscordUsageError(`Message ${message.id} is not in a guild`);
    const data = { custom_id: input.customId, component_type: ComponentKind.Button };
    return this.dispatch(InteractionKind.MessageComponent, data, message.guildId, message.channelId, input, message);
  }

  /** Dispatches a choice in a select menu of a stored message (string selects check the values exist). */
  selectMenu(input: SelectMenuInput): InteractionHandle {
    const message = this.state.messages.get(input.messageId);
    if (!message || message.deleted) throw new FakeDiscordUsageError(`No message ${input.messageId} to choose in`);
    const menu = [...walkComponents(message.components)].find((component) => component.custom_id === input.customId);
    const selectTypes: number[] = [ComponentKind.StringSelect, ComponentKind.UserSelect, ComponentKind.RoleSelect, ComponentKind.MentionableSelect, ComponentKind.ChannelSelect];
    if (!menu || typeof menu.type !== "number" || !selectTypes.includes(menu.type)) {
      throw new FakeDiscordUsageError(`Message ${message.id} has no select menu "${input.customId}"`);
    }
    if (menu.type === ComponentKind.StringSelect) {
      const offered = new Set(((menu.options as Json[] | undefined) ?? []).map((option) => option.value));
      const unknown = input.values.filter((value) => !offered.has(value));
      if (unknown.length > 0) throw new FakeDiscordUsageError(`Select menu "${input.customId}" offers no ${unknown.join(", ")}`);
    }
    const min = typeof menu.min_values === "number" ? menu.min_values : 1;
    const max = typeof menu.max_values === "number" ? menu.max_values : 1;
    if (input.values.length < min || input.values.length > max) {
      throw new FakeDiscordUsageError(`Select menu "${input.customId}" takes ${min}–${max} values, got ${input.values.length}`);
    }
    this.assertCanSee(message, input.user.id);
    if (!message.guildId) throw new FakeDiscordUsageError(`Message ${message.id} is not in a guild`);
    const data = { custom_id: input.customId, component_type: menu.type, values: input.values };
    return this.dispatch(InteractionKind.MessageComponent, data, message.guildId, message.channelId, input, message);
  }

  /** Dispatches a modal submission, normally of the modal another interaction was answered with. */
  submitModal(input: SubmitModalInput): InteractionHandle {
    const source = input.modalOf;
    const modal = source?.modal();
    const customId = input.customId ?? (modal ? String(modal.custom_id) : undefined);
    const guildId = input.guildId ?? source?.guildId ?? undefined;
    const channelId = input.channelId ?? source?.channelId;
    const origin = source ? this.state.actors.get(source.id) : undefined;
    const user = input.user ?? origin?.user;
    if (customId === undefined || guildId === undefined || channelId === undefined || user === undefined) {
      throw new FakeDiscordUsageError("submitModal needs modalOf, or customId, guildId, channelId and user");
    }
    const components = modal ? this.fillModal(modal, input.fields) : this.plainModalRows(input.fields);
    const data = { custom_id: customId, components };
    const sourceMessage = source?.sourceMessageId ? this.state.messages.get(source.sourceMessageId) : undefined;
    const permissions = input.permissions ?? origin?.permissions;
    const locale = input.locale ?? origin?.locale;
    const actor: InteractionActor = { user, ...(permissions !== undefined ? { permissions } : {}), ...(locale !== undefined ? { locale } : {}) };
    return this.dispatch(InteractionKind.ModalSubmit, data, guildId, channelId, actor, sourceMessage ?? null);
  }

  private fillModal(modal: Json, fields: Record<string, string>): Json[] {
    const used = new Set<string>();
    const fill = (input: Json): Json => {
      const id = String(input.custom_id);
      const value = fields[id] ?? "";
      used.add(id);
      const length = [...value].length;
      if (input.required !== false && length === 0) throw new FakeDiscordUsageError(`Modal input "${id}" is required`);
      const max = typeof input.max_length === "number" ? input.max_length : DiscordLimits.textInputLength;
      if (length > max) throw new FakeDiscordUsageError(`Modal input "${id}" takes at most ${max} characters, got ${length}`);
      if (typeof input.min_length === "number" && length > 0 && length < input.min_length) {
        throw new FakeDiscordUsageError(`Modal input "${id}" needs at least ${input.min_length} characters, got ${length}`);
      }
      return { type: ComponentKind.TextInput, id: input.id, custom_id: id, value };
    };
    const rows = (modal.components as Json[] | undefined) ?? [];
    const filled = rows.map((row): Json => {
      if (row.type === ComponentKind.Label && isObject(row.component) && row.component.type === ComponentKind.TextInput) {
        return { type: ComponentKind.Label, id: row.id, component: fill(row.component) };
      }
      if (row.type === ComponentKind.ActionRow && Array.isArray(row.components)) {
        return {
          type: ComponentKind.ActionRow,
          id: row.id,
          components: (row.components as Json[]).filter((child) => child.type === ComponentKind.TextInput).map(fill),
        };
      }
      return { type: row.type, id: row.id };
    });
    const unknown = Object.keys(fields).filter((id) => !used.has(id));
    if (unknown.length > 0) throw new FakeDiscordUsageError(`The modal has no input(s) ${unknown.join(", ")}`);
    return filled;
  }

  private plainModalRows(fields: Record<string, string>): Json[] {
    return Object.entries(fields).map(([customId, value]) => ({
      type: ComponentKind.ActionRow,
      components: [{ type: ComponentKind.TextInput, custom_id: customId, value }],
    }));
  }

  private assertCanSee(message: StoredMessage, userId: string): void {
    if ((message.flags & EPHEMERAL) === 0 || message.interactionId === null) return;
    const owner = this.state.interactions.get(message.interactionId)?.userId;
    if (owner !== undefined && owner !== userId) {
      throw new FakeDiscordUsageError(`Message ${message.id} is ephemeral and only visible to ${owner}`);
    }
  }

  /** Serves GET /ephemeral-attachments/CHANNEL/ID/NAME, the URLs of files members attached to commands. */
  readonly serveUpload = (method: string, path: string, _url: URL, _request: IncomingMessage, response: ServerResponse): boolean => {
    const match = /^\/ephemeral-attachments\/\d+\/(\d+)\/[^/]+$/.exec(path);
    const stored = match && method === "GET" ? this.state.uploads.get(match[1] ?? "") : undefined;
    if (!stored) return false;
    sendBytes(response, stored.bytes, stored.contentType);
    return true;
  };

  /** Keeps an attached file and returns its entry for `resolved.attachments`, as Discord sends it. */
  private upload(file: FakeUpload, channelId: string): Json {
    const id = this.state.mint.next();
    const bytes = typeof file.bytes === "string" ? Buffer.from(file.bytes, "utf8") : Buffer.from(file.bytes);
    const contentType = file.contentType ?? "application/octet-stream";
    const url = `${this.state.origin}/ephemeral-attachments/${channelId}/${id}/${encodeURIComponent(file.filename)}`;
    const size = file.size ?? bytes.length;
    this.state.uploads.set(id, { id, filename: file.filename, contentType, description: null, size, bytes, url });
    return { id, filename: file.filename, size, url, proxy_url: url, content_type: contentType, ephemeral: true };
  }

  private buildOptions(command: string, defs: Json[] | undefined, values: Record<string, CommandOptionValue | FakeUpload>, resolved: Record<string, Record<string, unknown>>, channelId: string): Json[] {
    if (defs) {
      for (const def of defs) {
        if (def.required === true && !(String(def.name) in values)) {
          throw new FakeDiscordUsageError(`Command /${command} needs option "${String(def.name)}"`);
        }
      }
    }
    return Object.entries(values).map(([name, value]) => {
      const def = defs?.find((option) => option.name === name);
      if (defs && !def) throw new FakeDiscordUsageError(`Command /${command} has no option "${name}"`);
      if (isUpload(value)) {
        if (def && def.type !== OptionType.Attachment) throw new FakeDiscordUsageError(`Option "${name}" of /${command} is not an attachment option`);
        const attachment = this.upload(value, channelId);
        (resolved.attachments ??= {})[String(attachment.id)] = attachment;
        return { name, type: OptionType.Attachment, value: attachment.id };
      }
      if (def?.type === OptionType.Attachment) throw new FakeDiscordUsageError(`Option "${name}" of /${command} takes a file ({ filename, bytes })`);
      const type = typeof def?.type === "number" ? def.type : typeof value === "boolean" ? OptionType.Boolean : typeof value === "number" ? (Number.isInteger(value) ? OptionType.Integer : OptionType.Number) : OptionType.String;
      if (Array.isArray(def?.choices) && !(def.choices as Json[]).some((choice) => choice.value === value)) {
        throw new FakeDiscordUsageError(`Option "${name}" of /${command} must be one of its choices, got ${String(value)}`);
      }
      if (type === OptionType.Channel) {
        const place = this.state.channels.get(String(value));
        if (!place) throw new FakeDiscordUsageError(`Option "${name}": no channel ${String(value)}`);
        (resolved.channels ??= {})[place.channel.id] = {
          ...apiPartialChannel(place.guildId, place.channel, place.position),
          permissions: APP_PERMISSIONS,
          ...(this.state.resolvedChannelAppPermissions ? { app_permissions: this.state.botPermissionsIn(place.channel.id) } : {}),
        };
      } else if (type === OptionType.User || type === OptionType.Mentionable) {
        const userId = String(value);
        const member = [...this.state.guilds.values()].flatMap((guild) => guild.members ?? []).find((candidate) => candidate.user.id === userId);
        (resolved.users ??= {})[userId] = apiUser(member?.user ?? { id: userId });
        if (member) {
          const { user: _user, ...rest } = apiMember(member, { permissions: FakePermissions.member });
          (resolved.members ??= {})[userId] = rest;
        }
      } else if (type === OptionType.Role) {
        (resolved.roles ??= {})[String(value)] = { ...everyoneRole(String(value)), name: `role${String(value).slice(-4)}` };
      } else if (type === OptionType.Integer && (typeof value !== "number" || !Number.isInteger(value))) {
        throw new FakeDiscordUsageError(`Option "${name}" of /${command} must be an integer, got ${String(value)}`);
      }
      return { name, type, value };
    });
  }

  dispatch(type: number, data: Json, guildId: string, channelId: string, actor: InteractionActor, message: StoredMessage | null): InteractionHandle {
    if (this.state.closed) throw new FakeDiscordUsageError("The fake Discord is closed");
    const guild = this.state.guilds.get(guildId);
    if (!guild) throw new FakeDiscordUsageError(`No guild ${guildId}`);
    const place = this.state.channels.get(channelId);
    if (!place || place.guildId !== guildId) throw new FakeDiscordUsageError(`No channel ${channelId} in guild ${guildId}`);
    if (!this.gateway.hasAnySession()) {
      throw new FakeDiscordUsageError("No bot session on the gateway: log a discord.js client in before dispatching interactions");
    }
    if (!this.gateway.hasSessionFor(guildId)) {
      throw new FakeDiscordUsageError(`No bot session runs the shard of guild ${guildId}: Discord would deliver its events to nobody`);
    }
    const id = this.state.mint.next();
    const token = `itoken_${id}_${this.state.applicationId}`;
    const configured: FakeMemberInput = guild.members?.find((member) => member.user.id === actor.user.id) ?? { user: actor.user };
    const permissions = actor.permissions === undefined ? FakePermissions.member : String(actor.permissions);
    const locale = actor.locale ?? "en-US";
    const payload: Json = {
      id,
      application_id: this.state.applicationId,
      type,
      data,
      guild_id: guildId,
      guild: { id: guildId, locale: guild.preferredLocale ?? "en-US", features: [] },
      channel_id: channelId,
      channel: { ...apiPartialChannel(guildId, place.channel, place.position), permissions: APP_PERMISSIONS },
      member: apiMember({ ...configured, user: { ...configured.user, ...actor.user } }, { permissions }),
      token,
      version: 1,
      app_permissions: this.state.botPermissionsIn(channelId),
      locale,
      guild_locale: guild.preferredLocale ?? "en-US",
      entitlements: [],
      authorizing_integration_owners: { "0": guildId },
      context: 0,
      attachment_size_limit: 10 * 1024 * 1024,
      ...(message ? { message: this.state.apiMessageWithMetadata(message) } : {}),
    };
    const handle = new InteractionHandle(
      id,
      token,
      type,
      payload,
      performance.now(),
      this.state.now(),
      actor.user.id,
      guildId,
      channelId,
      message?.id ?? null,
      this.state.signal,
      this.state.defaultTimeoutMs,
    );
    this.state.interactions.set(id, handle);
    this.state.interactionsByToken.set(token, handle);
    this.state.actors.set(id, { user: actor.user, permissions, locale });
    handle.deliveredToShards.push(...this.gateway.dispatch("INTERACTION_CREATE", payload, guildId));
    this.state.signal.notify();
    return handle;
  }
}

function isUpload(value: CommandOptionValue | FakeUpload): value is FakeUpload {
  return typeof value === "object";
}
