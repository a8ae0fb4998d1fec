// The local Discord's own API (/_local): the only thing this page talks to. It never talks to a
// bot; it renders Discord API objects and acts as a member would.

export interface ApiUser {
  id: string;
  username: string;
  global_name: string | null;
}

export interface Choice {
  name: string;
  name_localizations?: Record<string, string> | null;
  value: string | number;
}

export interface CommandOption {
  type: number;
  name: string;
  description: string;
  name_localizations?: Record<string, string> | null;
  description_localizations?: Record<string, string> | null;
  required?: boolean;
  choices?: Choice[];
  autocomplete?: boolean;
  options?: CommandOption[];
  min_value?: number;
  max_value?: number;
  min_length?: number;
  max_length?: number;
}

export interface Command extends CommandOption {
  id: string;
  guild_id?: string;
}

export interface Component {
  type: number;
  custom_id?: string;
  label?: string;
  style?: number;
  url?: string;
  disabled?: boolean;
  emoji?: { name?: string } | null;
  placeholder?: string;
  min_values?: number;
  max_values?: number;
  options?: { label: string; value: string; description?: string; default?: boolean }[];
  components?: Component[];
  component?: Component;
  content?: string;
  min_length?: number;
  max_length?: number;
  required?: boolean;
  value?: string;
  description?: string;
}

export interface Embed {
  title?: string;
  description?: string;
  url?: string;
  color?: number;
  fields?: { name: string; value: string; inline?: boolean }[];
  footer?: { text: string };
  author?: { name: string };
  image?: { url: string };
  thumbnail?: { url: string };
  timestamp?: string;
}

export interface Attachment {
  id: string;
  filename: string;
  url: string;
  content_type?: string | null;
  size: number;
  description?: string | null;
}

export interface Message {
  id: string;
  channel_id: string;
  author: ApiUser;
  content: string;
  embeds: Embed[];
  components: Component[];
  attachments: Attachment[];
  timestamp: string;
  edited_timestamp: string | null;
  interaction_metadata?: { user: ApiUser; type: number };
  ephemeral_for: string | null;
  loading: boolean;
  edits: number;
}

export interface Member {
  user: ApiUser;
  permissions: string;
}

export interface LocalState {
  bot: ApiUser;
  clock: { nowMs: number; offsetMs: number };
  guilds: { id: string; name: string; channels: { id: string; name: string }[]; members: Member[] }[];
  commands: Command[];
  messages: Message[];
  actions: { id: string; label: string }[];
}

export interface Callback {
  type: number;
  data: Record<string, unknown> | null;
}

export interface ActResult {
  id: string;
  callback: Callback | null;
}

export class LocalApiError extends Error {}

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`/_local${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const json = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new LocalApiError(json.message ?? `HTTP ${response.status}`);
  return json;
}

export async function fetchState(viewer: string): Promise<LocalState> {
  const response = await fetch(`/_local/state?viewer=${encodeURIComponent(viewer)}`);
  return (await response.json()) as LocalState;
}

export function act(body: Record<string, unknown>): Promise<ActResult> {
  return post<ActResult>("/interactions", body);
}

export function runAction(id: string): Promise<{ message: string }> {
  return post<{ message: string }>(`/actions/${encodeURIComponent(id)}`, {});
}

/** Calls back on every change in the local Discord. */
export function onChange(listener: () => void): void {
  const events = new EventSource("/_local/events");
  events.addEventListener("change", listener);
  events.addEventListener("open", listener);
}
