import { describe, expect, it } from "vitest";
import {
  ApplicationCommandOptionType,
  InteractionContextType,
  PermissionFlagsBits,
  type APIApplicationCommandOption,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from "discord.js";
import { appealsCommand, commandDefinitions, COMMAND_NAMES, deckCommand, quizCommand, settingsCommand } from "../src/commands/definitions.ts";
import { catalogues, placeholdersIn } from "../src/i18n/index.ts";

// Discord's rule for chat-input command and option names (lowercase where the script has case).
const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const CHINESE_LOCALES = ["zh-CN", "zh-TW"] as const;

interface Named {
  path: string;
  name: string;
  description: string;
  name_localizations?: Record<string, string | null> | null;
  description_localizations?: Record<string, string | null> | null;
}

function everyNamed(): Named[] {
  const out: Named[] = [];
  const visitOptions = (path: string, options: readonly APIApplicationCommandOption[] | undefined): void => {
    for (const option of options ?? []) {
      out.push({ ...option, path: `${path} ${option.name}` });
      if ("options" in option) visitOptions(`${path} ${option.name}`, option.options);
    }
  };
  for (const command of commandDefinitions) {
    out.push({ ...command, path: `/${command.name}` });
    visitOptions(`/${command.name}`, command.options);
  }
  return out;
}

interface Choice {
  name: string;
  value: string | number;
  name_localizations?: Record<string, string | null> | null;
}

function choicesOf(command: RESTPostAPIChatInputApplicationCommandsJSONBody): Choice[] {
  return (command.options ?? []).flatMap((option): Choice[] =>
    "choices" in option && option.choices !== undefined ? [...option.choices] : [],
  );
}

describe("command definitions", () => {
  it("define the nine commands once each", () => {
    const names = commandDefinitions.map((command) => command.name);
    expect(names).toEqual(["quiz", "review", "settings", "leaderboard", "weak", "stats", "me", "deck", "interview", "appeals"]);
    expect(Object.values(COMMAND_NAMES).sort()).toEqual([...names].sort());
  });

  it("use valid lowercase names of at most 32 characters, in every language", () => {
    for (const named of everyNamed()) {
      const names = [named.name, ...Object.values(named.name_localizations ?? {})];
      for (const name of names) {
        expect(name, named.path).toMatch(NAME);
        expect(name, named.path).toBe(name?.toLowerCase());
      }
    }
  });

  it("describe everything in 1–100 characters, in every language", () => {
    for (const named of everyNamed()) {
      for (const description of [named.description, ...Object.values(named.description_localizations ?? {})]) {
        expect(description?.length ?? 0, named.path).toBeGreaterThan(0);
        expect(description?.length ?? 0, named.path).toBeLessThanOrEqual(100);
      }
    }
  });

  it("localise the name and description of every command, subcommand and option into Chinese", () => {
    for (const named of everyNamed()) {
      for (const locale of CHINESE_LOCALES) {
        expect(named.name_localizations?.[locale], `${named.path} name ${locale}`).toMatch(/\p{Script=Han}/u);
        expect(named.description_localizations?.[locale], `${named.path} description ${locale}`).toMatch(/\p{Script=Han}/u);
      }
    }
  });

  it("localise the leaderboard choices", () => {
    const leaderboard = commandDefinitions.find((command) => command.name === "leaderboard");
    const choices = leaderboard === undefined ? [] : choicesOf(leaderboard);
    expect(choices.map((choice) => choice.value)).toEqual(["group", "server", "week", "month", "all"]);
    for (const choice of choices) {
      expect(choice.name_localizations?.["zh-CN"], String(choice.value)).toMatch(/\p{Script=Han}/u);
      expect(choice.name.length).toBeLessThanOrEqual(100);
    }
  });

  it("keep sibling names unique in every language", () => {
    const siblings = new Map<string, string[]>();
    for (const named of everyNamed()) {
      const parent = named.path.split(" ").slice(0, -1).join(" ");
      for (const name of [named.name, ...Object.values(named.name_localizations ?? {})]) {
        const key = `${parent}|${name}`;
        siblings.set(key, [...(siblings.get(key) ?? []), named.path]);
      }
    }
    // The same Chinese name for zh-CN and zh-TW of one option is one name, not a clash.
    const clashes = [...siblings.entries()].filter(([, paths]) => new Set(paths).size > 1);
    expect(clashes).toEqual([]);
  });

  it("take English names and descriptions from the English catalogue, with no placeholders", () => {
    for (const command of commandDefinitions) {
      expect(catalogues.en[`command.${command.name}.name` as keyof typeof catalogues.en]).toBe(command.name);
    }
    const commandTexts = Object.entries(catalogues["zh-CN"]).filter(([key]) => key.startsWith("command."));
    expect(commandTexts.filter(([, text]) => placeholdersIn(text).length > 0)).toEqual([]);
  });

  it("restrict /quiz and /deck to Manage Server and every command to servers", () => {
    expect(quizCommand.default_member_permissions).toBe(String(PermissionFlagsBits.ManageGuild));
    expect(deckCommand.default_member_permissions).toBe(String(PermissionFlagsBits.ManageGuild));
    expect(appealsCommand.default_member_permissions).toBe(String(PermissionFlagsBits.ManageGuild));
    for (const command of commandDefinitions) {
      expect(command.contexts, command.name).toEqual([InteractionContextType.Guild]);
      expect(command.dm_permission, command.name).toBe(false);
      if (command.name !== "quiz" && command.name !== "deck" && command.name !== "appeals") expect(command.default_member_permissions, command.name).toBeUndefined();
    }
  });

  it("give /quiz setup required time and timezone first, then the optional settings with their ranges", () => {
    const setup = quizCommand.options.find((option) => option.name === "setup");
    const options = setup !== undefined && "options" in setup ? setup.options : [];
    expect(options.map((option) => [option.name, option.type, option.required])).toEqual([
      ["time", ApplicationCommandOptionType.String, true],
      ["timezone", ApplicationCommandOptionType.String, true],
      ["questions", ApplicationCommandOptionType.Integer, false],
      ["chapters", ApplicationCommandOptionType.String, false],
      ["channel", ApplicationCommandOptionType.Channel, false],
      ["deck", ApplicationCommandOptionType.String, false],
    ]);
    expect(options.find((option) => option.name === "deck")).toMatchObject({ autocomplete: true, max_length: 100 });
    const questions = options.find((option) => option.name === "questions");
    expect(questions).toMatchObject({ min_value: 1, max_value: 5 });
    expect(options.find((option) => option.name === "timezone")).toMatchObject({ autocomplete: false });
    expect(quizCommand.options.map((option) => option.name)).toEqual(["setup", "now", "pause", "resume", "status"]);
  });

  it("validate /settings ranges in Discord before they reach the bot", () => {
    expect(settingsCommand.options.map((option) => [option.name, option.required])).toEqual([
      ["timezone", false],
      ["day_start", false],
      ["retention", false],
    ]);
    expect(settingsCommand.options[1]).toMatchObject({ min_value: 0, max_value: 23 });
    expect(settingsCommand.options[2]).toMatchObject({ min_value: 0.7, max_value: 0.97 });
  });

  it("survive JSON unchanged, as the deploy step sends them", () => {
    expect(JSON.parse(JSON.stringify(commandDefinitions))).toEqual(commandDefinitions);
  });
});
