// The bot's two languages. Chinese-speaking members (zh-CN, zh-TW) read Simplified Chinese,
// everyone else English. `t()` checks keys and {params} at compile time against the Chinese
// catalogue; `translate()` is for keys only known at run time (error codes from the domain).
import { en } from "./en.ts";
import { zhCN } from "./zh-CN.ts";

export const UI_LOCALES = ["zh-CN", "en"] as const;
export type UiLocale = (typeof UI_LOCALES)[number];

export type MessageKey = keyof typeof zhCN;
export type MessageParamValue = string | number;

/** The `{name}` placeholders in a message template, as a union of names. */
export type ParamNames<Template extends string> = Template extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;

type ParamsOf<K extends MessageKey> = ParamNames<(typeof zhCN)[K]>;

/** No argument for a message without placeholders; an object naming each one otherwise. */
export type MessageArgs<K extends MessageKey> = [ParamsOf<K>] extends [never]
  ? []
  : [params: Record<ParamsOf<K>, MessageParamValue>];

// A compile-time check that English uses exactly the Chinese placeholders for every key:
// if one differs, `MismatchedParams` names the key and the assignment below fails to compile.
type MismatchedParams = {
  [K in MessageKey]: [ParamNames<(typeof zhCN)[K]>] extends [ParamNames<(typeof en)[K]>]
    ? [ParamNames<(typeof en)[K]>] extends [ParamNames<(typeof zhCN)[K]>]
      ? never
      : K
    : K;
}[MessageKey];
const placeholdersAgree: [MismatchedParams] extends [never] ? true : MismatchedParams = true;
void placeholdersAgree;

export const catalogues: Readonly<Record<UiLocale, Readonly<Record<MessageKey, string>>>> = {
  "zh-CN": zhCN,
  en,
};

/** Chinese for any Chinese Discord locale (zh-CN, zh-TW), English for all others and for none. */
export function localeFor(discordLocale: string | null | undefined): UiLocale {
  return discordLocale?.toLowerCase().startsWith("zh") === true ? "zh-CN" : "en";
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(zhCN, key);
}

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;

function interpolate(template: string, params: Readonly<Record<string, MessageParamValue>>): string {
  // Most messages have no placeholder: a result alone looks up about fifteen.
  if (!template.includes("{")) return template;
  // A missing value renders as nothing rather than a raw `{name}` in front of a member.
  return template.replace(PLACEHOLDER, (_match, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : "",
  );
}

// Shared by every message without placeholders, so looking one up allocates nothing.
const NO_PARAMS: Readonly<Record<string, MessageParamValue>> = Object.freeze({});

export function t<K extends MessageKey>(locale: UiLocale, key: K, ...args: MessageArgs<K>): string {
  const params: Readonly<Record<string, MessageParamValue>> = args[0] ?? NO_PARAMS;
  return interpolate(catalogues[locale][key], params);
}

/**
 * For a key computed at run time (`error.${code}`). An unknown key falls back to `fallback`
 * so a member never sees a bare key; the caller decides what that fallback says.
 */
export function translate(
  locale: UiLocale,
  key: string,
  params: Readonly<Record<string, MessageParamValue>> = {},
  fallback: MessageKey = "error.generic",
): string {
  return interpolate(catalogues[locale][isMessageKey(key) ? key : fallback], params);
}

/** The placeholder names used in a template, for the completeness test. */
export function placeholdersIn(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1] ?? "").sort();
}
