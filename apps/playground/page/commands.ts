// The slash-command box: the commands the bot registered (names and descriptions in the member's
// language), their subcommands, options, choices and autocomplete, and Discord's client-side
// check that required options are filled before anything is sent.
import type { Choice, Command, CommandOption } from "./api.ts";
import { h } from "./dom.ts";

const SUBCOMMAND = 1;
const GROUP = 2;
const OptionType = { String: 3, Integer: 4, Boolean: 5, User: 6, Channel: 7, Role: 8, Mentionable: 9, Number: 10 } as const;

/** One thing a member can type after "/": a command, or a command's subcommand (in its group). */
export interface CommandEntry {
  name: string;
  subcommandGroup?: string;
  subcommand?: string;
  /** "/quiz setup" as the member sees it, localized. */
  label: string;
  description: string;
  options: CommandOption[];
}

export interface CommandInvocation {
  name: string;
  subcommandGroup?: string;
  subcommand?: string;
  options: Record<string, string | number | boolean>;
}

export interface CommandBoxContext {
  locale: () => string;
  channels: () => { id: string; name: string }[];
  members: () => { id: string; name: string }[];
  send(invocation: CommandInvocation): Promise<void>;
  autocomplete(invocation: CommandInvocation, focused: string): Promise<Choice[]>;
}

function localized(base: string, localizations: Record<string, string> | null | undefined, locale: string): string {
  return localizations?.[locale] ?? base;
}

export function commandEntries(commands: Command[], locale: string): CommandEntry[] {
  const entries: CommandEntry[] = [];
  for (const command of commands) {
    if (command.type !== 1) continue;
    const name = localized(command.name, command.name_localizations, locale);
    const children = command.options ?? [];
    const subcommands = children.filter((option) => option.type === SUBCOMMAND || option.type === GROUP);
    if (subcommands.length === 0) {
      entries.push({ name: command.name, label: `/${name}`, description: localized(command.description, command.description_localizations, locale), options: children });
      continue;
    }
    for (const sub of subcommands) {
      const subName = localized(sub.name, sub.name_localizations, locale);
      if (sub.type === SUBCOMMAND) {
        entries.push({ name: command.name, subcommand: sub.name, label: `/${name} ${subName}`, description: localized(sub.description, sub.description_localizations, locale), options: sub.options ?? [] });
        continue;
      }
      for (const leaf of sub.options ?? []) {
        entries.push({
          name: command.name,
          subcommandGroup: sub.name,
          subcommand: leaf.name,
          label: `/${name} ${subName} ${localized(leaf.name, leaf.name_localizations, locale)}`,
          description: localized(leaf.description, leaf.description_localizations, locale),
          options: leaf.options ?? [],
        });
      }
    }
  }
  return entries.sort((a, b) => a.label.localeCompare(b.label));
}

/** The command box; render() again whenever the commands or the language change. */
export class CommandBox {
  readonly element = h("div", { class: "command-box" });
  private commands: Command[] = [];
  private selected: CommandEntry | null = null;
  private readonly input = h("input", { class: "command-input", placeholder: "Type / to use a command", autocomplete: "off", "data-testid": "command-input" });
  private readonly list = h("ul", { class: "command-list", role: "listbox", "data-testid": "command-list" });
  private readonly form = h("div", { class: "command-options" });
  private readonly error = h("div", { class: "command-error", role: "alert", "data-testid": "command-error" });

  constructor(private readonly context: CommandBoxContext) {
    this.element.append(this.list, this.form, this.error, h("div", { class: "command-line" }, this.input));
    this.input.addEventListener("input", () => this.showList());
    this.input.addEventListener("focus", () => this.showList());
    this.input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        if (this.selected) void this.submit();
        else this.list.querySelector("li")?.dispatchEvent(new MouseEvent("mousedown"));
      }
      if (event.key === "Escape") this.reset();
    });
    // Closes the list a moment after the box loses focus (a click on an entry lands first), unless
    // focus came back meanwhile: on a busy machine the timer can fire after the member typed again.
    this.input.addEventListener("blur", () =>
      setTimeout(() => {
        if (document.activeElement !== this.input) this.list.replaceChildren();
      }, 150),
    );
  }

  setCommands(commands: Command[]): void {
    const changed = JSON.stringify(commands) !== JSON.stringify(this.commands);
    this.commands = commands;
    // New commands refresh an open list in place; a closed one stays closed.
    if (changed && !this.selected) this.showList(this.list.childElementCount > 0);
  }

  private entries(): CommandEntry[] {
    return commandEntries(this.commands, this.context.locale());
  }

  private showList(open = true): void {
    if (this.selected) return;
    const query = this.input.value.replace(/^\//, "").trim().toLowerCase();
    if (!open || !this.input.value.startsWith("/")) {
      this.list.replaceChildren();
      return;
    }
    const matches = this.entries().filter((entry) => entry.label.toLowerCase().includes(query) || `${entry.name} ${entry.subcommand ?? ""}`.includes(query));
    this.list.replaceChildren(
      ...matches.map((entry) => {
        const item = h("li", { role: "option", "data-command": entry.label }, h("span", { class: "command-name" }, entry.label), h("span", { class: "command-description" }, entry.description));
        item.addEventListener("mousedown", (event) => {
          event.preventDefault();
          this.choose(entry);
        });
        return item;
      }),
    );
    if (matches.length === 0) this.list.append(h("li", { class: "empty" }, this.commands.length === 0 ? "The bot has not registered any command yet." : "No command matches."));
  }

  private choose(entry: CommandEntry): void {
    this.selected = entry;
    this.list.replaceChildren();
    this.error.textContent = "";
    this.input.value = entry.label;
    this.input.readOnly = true;
    const locale = this.context.locale();
    const fields = entry.options.map((option) => this.optionField(entry, option, locale));
    const send = h("button", { class: "button primary", "data-testid": "command-send" }, "Send");
    send.addEventListener("click", () => void this.submit());
    const cancel = h("button", { class: "button secondary" }, "Cancel");
    cancel.addEventListener("click", () => this.reset());
    this.form.replaceChildren(h("div", { class: "command-description-line" }, entry.description), ...fields, h("div", { class: "command-actions" }, send, cancel));
    this.form.querySelector<HTMLElement>("input, select")?.focus();
  }

  private optionField(entry: CommandEntry, option: CommandOption, locale: string): HTMLElement {
    const label = localized(option.name, option.name_localizations, locale);
    const description = localized(option.description, option.description_localizations, locale);
    const attributes = { "data-option": option.name, name: option.name };
    let control: HTMLInputElement | HTMLSelectElement;
    if (option.choices && option.choices.length > 0) {
      control = h(
        "select",
        attributes,
        h("option", { value: "" }, option.required ? "— choose —" : "—"),
        option.choices.map((choice) => h("option", { value: String(choice.value) }, localized(choice.name, choice.name_localizations, locale))),
      );
    } else if (option.type === OptionType.Boolean) {
      control = h("select", attributes, h("option", { value: "" }, "—"), h("option", { value: "true" }, "True"), h("option", { value: "false" }, "False"));
    } else if (option.type === OptionType.Channel) {
      control = h("select", attributes, h("option", { value: "" }, "—"), this.context.channels().map((channel) => h("option", { value: channel.id }, `#${channel.name}`)));
    } else if (option.type === OptionType.User || option.type === OptionType.Mentionable) {
      control = h("select", attributes, h("option", { value: "" }, "—"), this.context.members().map((member) => h("option", { value: member.id }, `@${member.name}`)));
    } else {
      const numeric = option.type === OptionType.Integer || option.type === OptionType.Number;
      const listId = `choices-${option.name}`;
      control = h("input", {
        ...attributes,
        type: numeric ? "number" : "text",
        step: option.type === OptionType.Integer ? "1" : numeric ? "any" : undefined,
        min: option.min_value === undefined ? undefined : String(option.min_value),
        max: option.max_value === undefined ? undefined : String(option.max_value),
        maxlength: option.max_length === undefined ? undefined : String(option.max_length),
        list: option.autocomplete ? listId : undefined,
        autocomplete: "off",
      });
      if (option.autocomplete) {
        const datalist = h("datalist", { id: listId });
        control.addEventListener("input", () => {
          void this.context.autocomplete(this.invocation(entry, true), option.name).then((choices) => {
            datalist.replaceChildren(...choices.map((choice) => h("option", { value: String(choice.value) }, localized(choice.name, choice.name_localizations, locale))));
          });
        });
        return h("label", { class: "option-field" }, h("span", { class: "option-name" }, label, option.required ? h("b", { class: "required" }, " *") : null), control, datalist, h("span", { class: "option-description" }, description));
      }
    }
    return h("label", { class: "option-field" }, h("span", { class: "option-name" }, label, option.required ? h("b", { class: "required" }, " *") : null), control, h("span", { class: "option-description" }, description));
  }

  /** What the form holds now; `partial` skips conversions so autocomplete sees what was typed. */
  private invocation(entry: CommandEntry, partial = false): CommandInvocation {
    const options: Record<string, string | number | boolean> = {};
    for (const option of entry.options) {
      const control = this.form.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-option="${option.name}"]`);
      const raw = control?.value.trim() ?? "";
      if (raw === "") continue;
      const choice = option.choices?.find((candidate) => String(candidate.value) === raw);
      if (choice) options[option.name] = choice.value;
      else if (partial) options[option.name] = raw;
      else if (option.type === OptionType.Integer || option.type === OptionType.Number) options[option.name] = Number(raw);
      else if (option.type === OptionType.Boolean) options[option.name] = raw === "true";
      else options[option.name] = raw;
    }
    return {
      name: entry.name,
      ...(entry.subcommandGroup ? { subcommandGroup: entry.subcommandGroup } : {}),
      ...(entry.subcommand ? { subcommand: entry.subcommand } : {}),
      options,
    };
  }

  /** Discord's client refuses to send a command with a required option missing or a number out of range. */
  private validate(entry: CommandEntry, invocation: CommandInvocation): string | null {
    const locale = this.context.locale();
    for (const option of entry.options) {
      const name = localized(option.name, option.name_localizations, locale);
      const value = invocation.options[option.name];
      if (value === undefined) {
        if (option.required) return `Missing required option: ${name}`;
        continue;
      }
      if (typeof value === "number") {
        if (Number.isNaN(value) || (option.type === OptionType.Integer && !Number.isInteger(value))) return `${name}: not a valid number`;
        if (option.min_value !== undefined && value < option.min_value) return `${name}: at least ${option.min_value}`;
        if (option.max_value !== undefined && value > option.max_value) return `${name}: at most ${option.max_value}`;
      }
      if (typeof value === "string" && option.min_length !== undefined && [...value].length < option.min_length) return `${name}: at least ${option.min_length} characters`;
    }
    return null;
  }

  private async submit(): Promise<void> {
    const entry = this.selected;
    if (!entry) return;
    const invocation = this.invocation(entry);
    const problem = this.validate(entry, invocation);
    if (problem) {
      this.error.textContent = problem;
      return;
    }
    this.error.textContent = "";
    this.reset();
    try {
      await this.context.send(invocation);
    } catch (error) {
      this.error.textContent = error instanceof Error ? error.message : String(error);
    }
  }

  reset(): void {
    this.selected = null;
    this.input.readOnly = false;
    this.input.value = "";
    this.form.replaceChildren();
    this.list.replaceChildren();
  }
}
