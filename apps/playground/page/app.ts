// The playground page: one Discord server as a member sees it, drawn from the local Discord's
// state. Everything a member does goes to the local Discord, which sends it to the bot.
import { LocalApiError, act, fetchState, onChange, runAction, type ActResult, type LocalState, type Message } from "./api.ts";
import { CommandBox } from "./commands.ts";
import { h } from "./dom.ts";
import { setTimestampContext } from "./markdown.ts";
import { renderMessage } from "./messages.ts";
import { showModal } from "./modal.ts";

const MANAGE_GUILD = 1n << 5n;

let state: LocalState | null = null;
let viewerId = "";
let channelId = "";
let locale = localStorage.getItem("playground.locale") ?? "en-US";

// Timestamps read the playground's clock (which "skip ahead" moves), in the chosen language.
setTimestampContext({ nowMs: () => Date.now() + (state?.clock.offsetMs ?? 0), locale: () => locale });

const serverName = h("div", { class: "server-name" });
const channelList = h("nav", { class: "channels" });
const memberSelect = h("select", { "data-testid": "member-switcher", "aria-label": "Member" });
const localeSelect = h("select", { "data-testid": "language-switch", "aria-label": "Language" }, h("option", { value: "en-US" }, "English (en-US)"), h("option", { value: "zh-CN" }, "中文 (zh-CN)"));
const clockLine = h("div", { class: "clock", "data-testid": "clock" });
const actionButtons = h("div", { class: "actions" });
const status = h("div", { class: "status", role: "status", "data-testid": "status" });
const channelTitle = h("header", { class: "channel-title" });
const messageList = h("div", { class: "messages", "data-testid": "messages" });

function guild(): LocalState["guilds"][number] | undefined {
  return state?.guilds[0];
}

function nameOf(id: string): string {
  const member = guild()?.members.find((candidate) => candidate.user.id === id);
  if (member) return member.user.global_name ?? member.user.username;
  return state?.bot.id === id ? (state.bot.global_name ?? state.bot.username) : id;
}

function say(text: string, isError = false): void {
  status.textContent = text;
  status.classList.toggle("error", isError);
}

/** After any member action: open the modal the bot answered with, or say what went wrong. */
function afterAct(result: ActResult): void {
  const callback = result.callback;
  if (!callback) return say("The bot did not respond in time (3 s): Discord would show “The application did not respond”.", true);
  if (callback.type === 9 && callback.data) {
    showModal(callback.data, async (fields) => {
      try {
        afterAct(await act({ type: "modal", modalOf: result.id, fields, ...who() }));
        return null;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    });
  }
}

function who(): Record<string, string> {
  return { userId: viewerId, locale, guildId: guild()?.id ?? "", channelId };
}

async function perform(body: Record<string, unknown>): Promise<void> {
  say("");
  try {
    afterAct(await act({ ...body, ...who() }));
  } catch (error) {
    say(error instanceof LocalApiError ? error.message : String(error), true);
  }
}

const commandBox = new CommandBox({
  locale: () => locale,
  channels: () => guild()?.channels ?? [],
  members: () => (guild()?.members ?? []).map((member) => ({ id: member.user.id, name: member.user.global_name ?? member.user.username })),
  send: (invocation) => perform({ type: "command", ...invocation }),
  autocomplete: async (invocation, focused) => {
    const result = await act({ type: "autocomplete", ...invocation, focused, ...who() }).catch(() => null);
    const choices = result?.callback?.data?.choices;
    return Array.isArray(choices) ? (choices as { name: string; value: string | number }[]) : [];
  },
});

function renderSidebar(current: LocalState): void {
  const server = current.guilds[0];
  if (!server) return;
  serverName.textContent = server.name;
  channelId ||= server.channels[0]?.id ?? "";
  channelList.replaceChildren(
    ...server.channels.map((channel) => {
      const unread = current.messages.some((message) => message.channel_id === channel.id);
      const link = h("button", { class: channel.id === channelId ? "channel active" : "channel", "data-channel": channel.name }, `# ${channel.name}`, unread && channel.id !== channelId ? h("span", { class: "dot" }) : null);
      link.addEventListener("click", () => {
        channelId = channel.id;
        render();
      });
      return link;
    }),
  );
  if (memberSelect.options.length !== server.members.length) {
    memberSelect.replaceChildren(
      ...server.members.map((member) => {
        const manager = (BigInt(member.permissions) & MANAGE_GUILD) !== 0n;
        return h("option", { value: member.user.id }, `${member.user.global_name ?? member.user.username}${manager ? " (Manage Server)" : ""}`);
      }),
    );
    viewerId ||= server.members[0]?.user.id ?? "";
    memberSelect.value = viewerId;
  }
  clockLine.textContent = `Clock: ${new Date(current.clock.nowMs).toLocaleString()}${current.clock.offsetMs > 0 ? `  (+${Math.round(current.clock.offsetMs / 3_600_000)} h)` : ""}`;
  if (actionButtons.childElementCount !== current.actions.length) {
    actionButtons.replaceChildren(
      ...current.actions.map((action) => {
        const button = h("button", { class: "button secondary", "data-action": action.id }, action.label);
        button.addEventListener("click", () => {
          button.disabled = true;
          say(`${action.label}…`);
          void runAction(action.id)
            .then((result) => say(result.message))
            .catch((error: unknown) => say(error instanceof Error ? error.message : String(error), true))
            .finally(() => (button.disabled = false));
        });
        return button;
      }),
    );
  }
}

let renderedMessages = new Map<string, { key: string; element: HTMLElement }>();

function renderMessages(current: LocalState): void {
  const channel = current.guilds[0]?.channels.find((candidate) => candidate.id === channelId);
  channelTitle.replaceChildren(h("span", { class: "hash" }, "#"), channel?.name ?? "");
  const atBottom = messageList.scrollHeight - messageList.scrollTop - messageList.clientHeight < 40;
  const handlers = {
    viewerId,
    names: nameOf,
    onButton: (message: Message, customId: string) => void perform({ type: "button", messageId: message.id, customId }),
    onSelect: (message: Message, customId: string, values: string[]) => void perform({ type: "select", messageId: message.id, customId, values }),
  };
  const messages = current.messages.filter((message) => message.channel_id === channelId);
  // Unchanged messages keep their elements: focus, open menus and scroll stay where they were.
  const rendered = new Map<string, { key: string; element: HTMLElement }>();
  const elements = messages.map((message) => {
    const key = `${viewerId}|${JSON.stringify(message)}`;
    const cached = renderedMessages.get(message.id);
    const element = cached?.key === key ? cached.element : renderMessage(message, handlers);
    rendered.set(message.id, { key, element });
    return element;
  });
  renderedMessages = rendered;
  if (elements.length === 0) {
    messageList.replaceChildren(h("div", { class: "empty-channel" }, "No messages yet. Type / below to use a command."));
  } else if (elements.length !== messageList.children.length || elements.some((element, index) => messageList.children[index] !== element)) {
    messageList.replaceChildren(...elements);
  }
  if (atBottom) messageList.scrollTop = messageList.scrollHeight;
}

function render(): void {
  if (!state) return;
  renderSidebar(state);
  renderMessages(state);
  commandBox.setCommands(state.commands);
}

let refreshing: Promise<void> | null = null;
let again = false;
function refresh(): void {
  if (refreshing) {
    again = true;
    return;
  }
  refreshing = fetchState(viewerId)
    .then((next) => {
      state = next;
      if (!viewerId) {
        viewerId = next.guilds[0]?.members[0]?.user.id ?? "";
        return refreshNow();
      }
      render();
    })
    .catch(() => say("Lost the local Discord: is the playground still running?", true))
    .finally(() => {
      refreshing = null;
      if (again) {
        again = false;
        refresh();
      }
    });
}

function refreshNow(): Promise<void> {
  return fetchState(viewerId).then((next) => {
    state = next;
    render();
  });
}

memberSelect.addEventListener("change", () => {
  viewerId = memberSelect.value;
  refresh();
});
localeSelect.value = locale;
localeSelect.addEventListener("change", () => {
  locale = localeSelect.value;
  localStorage.setItem("playground.locale", locale);
  commandBox.reset();
  render();
});

document.body.append(
  h(
    "div",
    { class: "app" },
    h(
      "aside",
      { class: "sidebar" },
      serverName,
      channelList,
      h("div", { class: "sidebar-section" }, h("label", { class: "field" }, h("span", {}, "You are"), memberSelect), h("label", { class: "field" }, h("span", {}, "Language"), localeSelect)),
      h("div", { class: "sidebar-section" }, clockLine, actionButtons),
    ),
    h("main", { class: "main" }, channelTitle, messageList, status, commandBox.element),
  ),
);
onChange(refresh);
refresh();
