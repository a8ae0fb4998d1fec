// Slash commands as typed constant data: what the deploy step registers, and what handlers
// read option names from. English names are canonical; Chinese names and all descriptions come
// from the message catalogues, so a command cannot be added without its translation.
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  ChannelType,
  InteractionContextType,
  Locale,
  PermissionFlagsBits,
  type LocalizationMap,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from "discord.js";
import { catalogues, type MessageKey } from "../i18n/index.ts";
import { LEADERBOARD_PERIODS, LEADERBOARD_SCOPES } from "../custom-ids.ts";

export const COMMAND_NAMES = {
  quiz: "quiz",
  review: "review",
  settings: "settings",
  leaderboard: "leaderboard",
  weak: "weak",
  stats: "stats",
  me: "me",
  deck: "deck",
  interview: "interview",
  appeals: "appeals",
} as const;
export type CommandName = (typeof COMMAND_NAMES)[keyof typeof COMMAND_NAMES];

export const QUIZ_SUBCOMMANDS = {
  setup: "setup",
  now: "now",
  pause: "pause",
  resume: "resume",
  status: "status",
} as const;
export type QuizSubcommand = (typeof QUIZ_SUBCOMMANDS)[keyof typeof QUIZ_SUBCOMMANDS];

export const ME_SUBCOMMANDS = { export: "export", forget: "forget" } as const;
export type MeSubcommand = (typeof ME_SUBCOMMANDS)[keyof typeof ME_SUBCOMMANDS];

export const DECK_SUBCOMMANDS = { import: "import", list: "list", remove: "remove" } as const;
export type DeckSubcommand = (typeof DECK_SUBCOMMANDS)[keyof typeof DECK_SUBCOMMANDS];

export const OPTION_NAMES = {
  time: "time",
  timezone: "timezone",
  questions: "questions",
  chapters: "chapters",
  channel: "channel",
  dayStart: "day_start",
  retention: "retention",
  scope: "scope",
  period: "period",
  member: "member",
  file: "file",
  name: "name",
  chapter: "chapter",
  record: "record",
  deck: "deck",
} as const;
export type OptionName = (typeof OPTION_NAMES)[keyof typeof OPTION_NAMES];

export const QUESTIONS_PER_DAY = { min: 1, max: 5 } as const;
export const DAY_START_HOUR = { min: 0, max: 23 } as const;
export const DESIRED_RETENTION = { min: 0.7, max: 0.97 } as const;
export const INTERVIEW_QUESTIONS = { min: 1, max: 5 } as const;

const MANAGE_GUILD = String(PermissionFlagsBits.ManageGuild);

// Names and descriptions have no placeholders (the definitions test checks), so the raw
// catalogue text is the message. zh-TW members read the Simplified catalogue too (see localeFor).
function english(key: MessageKey): string {
  return catalogues.en[key];
}

function chinese(key: MessageKey): LocalizationMap {
  const text = catalogues["zh-CN"][key];
  return { [Locale.ChineseCN]: text, [Locale.ChineseTW]: text };
}

function described(nameKey: MessageKey | null, descriptionKey: MessageKey) {
  return {
    ...(nameKey === null ? {} : { name_localizations: chinese(nameKey) }),
    description: english(descriptionKey),
    description_localizations: chinese(descriptionKey),
  };
}

// Every command is guild-only: study groups and leaderboards belong to a server.
const guildOnly = {
  type: ApplicationCommandType.ChatInput as const,
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
  dm_permission: false,
};

export const quizCommand = {
  ...guildOnly,
  name: COMMAND_NAMES.quiz,
  ...described("command.quiz.name", "command.quiz.description"),
  // Discord hides the command from members without Manage Server; the handler checks again.
  default_member_permissions: MANAGE_GUILD,
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: QUIZ_SUBCOMMANDS.setup,
      ...described("command.quiz.setup.name", "command.quiz.setup.description"),
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: OPTION_NAMES.time,
          ...described("command.option.time.name", "command.option.time.description"),
          required: true,
          min_length: 4,
          max_length: 5,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: OPTION_NAMES.timezone,
          ...described("command.option.timezone.name", "command.option.timezone.description"),
          required: true,
          autocomplete: false,
          max_length: 64,
        },
        {
          type: ApplicationCommandOptionType.Integer,
          name: OPTION_NAMES.questions,
          ...described("command.option.questions.name", "command.option.questions.description"),
          required: false,
          min_value: QUESTIONS_PER_DAY.min,
          max_value: QUESTIONS_PER_DAY.max,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: OPTION_NAMES.chapters,
          ...described("command.option.chapters.name", "command.option.chapters.description"),
          required: false,
          max_length: 100,
        },
        {
          type: ApplicationCommandOptionType.Channel,
          name: OPTION_NAMES.channel,
          ...described("command.option.channel.name", "command.option.channel.description"),
          required: false,
          channel_types: [ChannelType.GuildText],
        },
        {
          type: ApplicationCommandOptionType.String,
          name: OPTION_NAMES.deck,
          ...described("command.option.deck.name", "command.option.deck.description"),
          required: false,
          autocomplete: true,
          max_length: 100,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: QUIZ_SUBCOMMANDS.now,
      ...described("command.quiz.now.name", "command.quiz.now.description"),
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: QUIZ_SUBCOMMANDS.pause,
      ...described("command.quiz.pause.name", "command.quiz.pause.description"),
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: QUIZ_SUBCOMMANDS.resume,
      ...described("command.quiz.resume.name", "command.quiz.resume.description"),
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: QUIZ_SUBCOMMANDS.status,
      ...described("command.quiz.status.name", "command.quiz.status.description"),
    },
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export const reviewCommand = {
  ...guildOnly,
  name: COMMAND_NAMES.review,
  ...described("command.review.name", "command.review.description"),
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export const settingsCommand = {
  ...guildOnly,
  name: COMMAND_NAMES.settings,
  ...described("command.settings.name", "command.settings.description"),
  options: [
    {
      type: ApplicationCommandOptionType.String,
      name: OPTION_NAMES.timezone,
      ...described("command.option.timezone.name", "command.option.settings-timezone.description"),
      required: false,
      autocomplete: false,
      max_length: 64,
    },
    {
      type: ApplicationCommandOptionType.Integer,
      name: OPTION_NAMES.dayStart,
      ...described("command.option.day-start.name", "command.option.day-start.description"),
      required: false,
      min_value: DAY_START_HOUR.min,
      max_value: DAY_START_HOUR.max,
    },
    {
      type: ApplicationCommandOptionType.Number,
      name: OPTION_NAMES.retention,
      ...described("command.option.retention.name", "command.option.retention.description"),
      required: false,
      min_value: DESIRED_RETENTION.min,
      max_value: DESIRED_RETENTION.max,
    },
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export const leaderboardCommand = {
  ...guildOnly,
  name: COMMAND_NAMES.leaderboard,
  ...described("command.leaderboard.name", "command.leaderboard.description"),
  options: [
    {
      type: ApplicationCommandOptionType.String,
      name: OPTION_NAMES.scope,
      ...described("command.option.scope.name", "command.option.scope.description"),
      required: false,
      choices: LEADERBOARD_SCOPES.map((scope) => ({
        name: english(`leaderboard.scope.${scope}`),
        name_localizations: chinese(`leaderboard.scope.${scope}`),
        value: scope,
      })),
    },
    {
      type: ApplicationCommandOptionType.String,
      name: OPTION_NAMES.period,
      ...described("command.option.period.name", "command.option.period.description"),
      required: false,
      choices: LEADERBOARD_PERIODS.map((period) => ({
        name: english(`leaderboard.period.${period}`),
        name_localizations: chinese(`leaderboard.period.${period}`),
        value: period,
      })),
    },
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export const weakCommand = {
  ...guildOnly,
  name: COMMAND_NAMES.weak,
  ...described("command.weak.name", "command.weak.description"),
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export const statsCommand = {
  ...guildOnly,
  name: COMMAND_NAMES.stats,
  ...described("command.stats.name", "command.stats.description"),
  options: [
    {
      type: ApplicationCommandOptionType.User,
      name: OPTION_NAMES.member,
      ...described("command.option.member.name", "command.option.member.description"),
      required: false,
    },
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export const meCommand = {
  ...guildOnly,
  name: COMMAND_NAMES.me,
  ...described("command.me.name", "command.me.description"),
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: ME_SUBCOMMANDS.export,
      ...described("command.me.export.name", "command.me.export.description"),
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: ME_SUBCOMMANDS.forget,
      ...described("command.me.forget.name", "command.me.forget.description"),
    },
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** `/deck import|list|remove`: a server's own decks (Manage Server; the handler checks again). */
export const deckCommand = {
  ...guildOnly,
  name: COMMAND_NAMES.deck,
  ...described("command.deck.name", "command.deck.description"),
  default_member_permissions: MANAGE_GUILD,
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: DECK_SUBCOMMANDS.import,
      ...described("command.deck.import.name", "command.deck.import.description"),
      options: [
        {
          type: ApplicationCommandOptionType.Attachment,
          name: OPTION_NAMES.file,
          ...described("command.option.file.name", "command.option.file.description"),
          required: true,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: OPTION_NAMES.name,
          ...described("command.option.deck-name.name", "command.option.deck-name.description"),
          required: false,
          max_length: 100,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: DECK_SUBCOMMANDS.list,
      ...described("command.deck.list.name", "command.deck.list.description"),
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: DECK_SUBCOMMANDS.remove,
      ...described("command.deck.remove.name", "command.deck.remove.description"),
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: OPTION_NAMES.name,
          ...described("command.option.deck-name.name", "command.option.deck-name.description"),
          required: true,
          max_length: 100,
        },
      ],
    },
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** `/interview [chapter] [questions] [record]`: a private mock interview. */
export const interviewCommand = {
  ...guildOnly,
  name: COMMAND_NAMES.interview,
  ...described("command.interview.name", "command.interview.description"),
  options: [
    {
      type: ApplicationCommandOptionType.Integer,
      name: OPTION_NAMES.chapter,
      ...described("command.option.chapter.name", "command.option.chapter.description"),
      required: false,
      min_value: 1,
      max_value: 999,
    },
    {
      type: ApplicationCommandOptionType.Integer,
      name: OPTION_NAMES.questions,
      ...described("command.option.questions.name", "command.interview.option.questions.description"),
      required: false,
      min_value: INTERVIEW_QUESTIONS.min,
      max_value: INTERVIEW_QUESTIONS.max,
    },
    {
      type: ApplicationCommandOptionType.Boolean,
      name: OPTION_NAMES.record,
      ...described("command.option.record.name", "command.option.record.description"),
      required: false,
    },
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** `/appeals`: the server's pending appeals, one at a time (Manage Server; the handler checks again). */
export const appealsCommand = {
  ...guildOnly,
  name: COMMAND_NAMES.appeals,
  ...described("command.appeals.name", "command.appeals.description"),
  default_member_permissions: MANAGE_GUILD,
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** Everything the deploy step registers, in the order Discord lists them. */
export const commandDefinitions: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[] = [
  quizCommand,
  reviewCommand,
  settingsCommand,
  leaderboardCommand,
  weakCommand,
  statsCommand,
  meCommand,
  deckCommand,
  interviewCommand,
  appealsCommand,
];
