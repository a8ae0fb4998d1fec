// Discord API message objects as a member's client shows them: author, interaction line,
// content, embeds, attachments, buttons and select menus, "edited", and the ephemeral notice.
import type { Attachment, Component, Embed, Message } from "./api.ts";
import { h } from "./dom.ts";
import { markdown } from "./markdown.ts";

export interface MessageHandlers {
  viewerId: string;
  names: (id: string) => string;
  onButton(message: Message, customId: string): void;
  onSelect(message: Message, customId: string, values: string[]): void;
}

const BUTTON_STYLES: Record<number, string> = { 1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link" };

function colour(value: number | undefined): string {
  return value === undefined ? "var(--embed-border)" : `#${value.toString(16).padStart(6, "0")}`;
}

function imageUrl(url: string, attachments: Attachment[]): string {
  if (!url.startsWith("attachment://")) return url;
  const name = url.slice("attachment://".length);
  return attachments.find((attachment) => attachment.filename === name)?.url ?? "";
}

function renderEmbed(embed: Embed, message: Message, names: (id: string) => string): HTMLElement {
  const fields = embed.fields ?? [];
  const image = embed.image ? imageUrl(embed.image.url, message.attachments) : "";
  return h(
    "div",
    { class: "embed", style: `border-left-color: ${colour(embed.color)}`, "data-testid": "embed" },
    embed.author ? h("div", { class: "embed-author" }, embed.author.name) : null,
    embed.title ? h("div", { class: "embed-title" }, markdown(embed.title, names)) : null,
    embed.description ? h("div", { class: "embed-description" }, markdown(embed.description, names)) : null,
    fields.length > 0
      ? h(
          "div",
          { class: "embed-fields" },
          fields.map((field) =>
            h("div", { class: field.inline ? "embed-field inline" : "embed-field" }, h("div", { class: "embed-field-name" }, markdown(field.name, names)), h("div", { class: "embed-field-value" }, markdown(field.value, names))),
          ),
        )
      : null,
    image ? h("img", { class: "embed-image", src: image, alt: embed.title ?? "image", "data-testid": "embed-image" }) : null,
    embed.footer ? h("div", { class: "embed-footer" }, embed.footer.text) : null,
  );
}

/** Attachments not already shown as an embed's image. */
function renderAttachments(message: Message): HTMLElement[] {
  const shown = new Set(message.embeds.map((embed) => embed.image?.url).filter((url): url is string => url !== undefined).map((url) => url.replace("attachment://", "")));
  return message.attachments
    .filter((attachment) => !shown.has(attachment.filename))
    .map((attachment) =>
      attachment.content_type?.startsWith("image/")
        ? h("img", { class: "attachment-image", src: attachment.url, alt: attachment.filename, "data-testid": "attachment-image" })
        : h("a", { class: "attachment-file", href: attachment.url, download: attachment.filename }, `File: ${attachment.filename} (${Math.ceil(attachment.size / 1024)} KB)`),
    );
}

function renderComponent(component: Component, message: Message, handlers: MessageHandlers): HTMLElement | null {
  switch (component.type) {
    case 1:
      return h("div", { class: "action-row" }, (component.components ?? []).map((child) => renderComponent(child, message, handlers)));
    case 2: {
      const style = BUTTON_STYLES[component.style ?? 2] ?? "secondary";
      const label = [component.emoji?.name, component.label].filter(Boolean).join(" ");
      if (component.style === 5 && component.url) return h("a", { class: `button ${style}`, href: component.url, target: "_blank", rel: "noreferrer" }, label, " ↗");
      const button = h("button", { class: `button ${style}`, disabled: component.disabled === true, "data-custom-id": component.custom_id }, label);
      button.addEventListener("click", () => handlers.onButton(message, component.custom_id ?? ""));
      return button;
    }
    case 3: {
      const multiple = (component.max_values ?? 1) > 1;
      const select = h(
        "select",
        { class: "select-menu", disabled: component.disabled === true, multiple, "data-custom-id": component.custom_id },
        multiple ? null : h("option", { value: "", disabled: true, selected: true }, component.placeholder ?? "Make a selection"),
        (component.options ?? []).map((option) => h("option", { value: option.value, title: option.description }, option.label)),
      );
      const send = (): void => {
        const values = [...select.selectedOptions].map((option) => option.value).filter((value) => value !== "");
        if (values.length >= (component.min_values ?? 1)) handlers.onSelect(message, component.custom_id ?? "", values);
      };
      if (multiple) return h("div", { class: "select-multi" }, select, button("Choose", send));
      select.addEventListener("change", send);
      return select;
    }
    case 10:
      return h("div", { class: "text-display" }, markdown(component.content ?? "", handlers.names));
    case 17:
    case 9:
      return h("div", { class: "container" }, (component.components ?? []).map((child) => renderComponent(child, message, handlers)));
    default:
      return null;
  }
}

function button(label: string, onClick: () => void): HTMLButtonElement {
  const element = h("button", { class: "button secondary" }, label);
  element.addEventListener("click", onClick);
  return element;
}

function time(iso: string): string {
  const date = new Date(iso);
  return `${date.toLocaleDateString()} ${date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`;
}

export function renderMessage(message: Message, handlers: MessageHandlers): HTMLElement {
  const mine = message.ephemeral_for === handlers.viewerId;
  const author = message.author.global_name ?? message.author.username;
  return h(
    "article",
    { class: mine ? "message ephemeral" : "message", "data-testid": "message", "data-message-id": message.id, "data-ephemeral": mine ? "true" : undefined },
    message.interaction_metadata ? h("div", { class: "interaction-line" }, `↪ ${message.interaction_metadata.user.global_name ?? message.interaction_metadata.user.username} used a ${message.interaction_metadata.type === 2 ? "command" : "component"}`) : null,
    h(
      "div",
      { class: "message-head" },
      h("span", { class: "avatar" }, author.slice(0, 1).toUpperCase()),
      h("span", { class: "author" }, author),
      message.author.id ? h("span", { class: "bot-tag" }, "APP") : null,
      h("time", { class: "message-time", datetime: message.timestamp }, time(message.timestamp)),
    ),
    message.loading ? h("div", { class: "loading" }, `${author} is thinking…`) : null,
    message.content ? h("div", { class: "content" }, markdown(message.content, handlers.names), message.edited_timestamp ? h("span", { class: "edited" }, " (edited)") : null) : message.edited_timestamp && !message.loading ? h("span", { class: "edited" }, "(edited)") : null,
    message.embeds.map((embed) => renderEmbed(embed, message, handlers.names)),
    renderAttachments(message),
    message.components.map((component) => renderComponent(component, message, handlers)),
    mine ? h("div", { class: "ephemeral-note", "data-testid": "ephemeral-note" }, "Only you can see this · dismiss message") : null,
  );
}
