// Discord's documented limits, checked here so a payload Discord would refuse fails the test too.
export const DiscordLimits = {
  contentLength: 2000,
  embedsPerMessage: 10,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  embedFieldName: 256,
  embedFieldValue: 1024,
  embedFooterText: 2048,
  embedAuthorName: 256,
  embedTotalCharacters: 6000,
  actionRowsPerMessage: 5,
  buttonsPerRow: 5,
  customId: 100,
  buttonLabel: 80,
  selectOptions: 25,
  modalTitle: 45,
  modalRows: 5,
  textInputLabel: 45,
  textInputLength: 4000,
  textInputPlaceholder: 100,
  commandName: 32,
  commandDescription: 100,
  commandOptions: 25,
  commandsPerScope: 100,
  interactionAckWindowMs: 3000,
  interactionTokenTtlMs: 15 * 60 * 1000,
} as const;

export const ComponentKind = {
  ActionRow: 1,
  Button: 2,
  StringSelect: 3,
  TextInput: 4,
  UserSelect: 5,
  RoleSelect: 6,
  MentionableSelect: 7,
  ChannelSelect: 8,
  Label: 18,
} as const;

const IS_COMPONENTS_V2 = 1 << 15;
const LINK_BUTTON_STYLE = 5;
const PREMIUM_BUTTON_STYLE = 6;

/** One thing wrong with a payload, with the JSON path Discord would report it under. */
export interface ValidationIssue {
  path: (string | number)[];
  code: string;
  message: string;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function textLength(value: unknown): number {
  // Discord counts characters, not UTF-16 units; Chinese text is in the BMP either way.
  return typeof value === "string" ? [...value].length : 0;
}

function maxLength(issues: ValidationIssue[], path: (string | number)[], value: unknown, max: number): void {
  if (typeof value === "string" && textLength(value) > max) {
    issues.push({ path, code: "BASE_TYPE_MAX_LENGTH", message: `Must be ${max} or fewer in length.` });
  }
}

function required(issues: ValidationIssue[], path: (string | number)[], value: unknown): boolean {
  if (value === undefined || value === null || value === "") {
    issues.push({ path, code: "BASE_TYPE_REQUIRED", message: "This field is required" });
    return false;
  }
  return true;
}

function validateEmbeds(embeds: unknown, issues: ValidationIssue[], base: (string | number)[]): void {
  if (!Array.isArray(embeds)) return;
  const path = [...base, "embeds"];
  if (embeds.length > DiscordLimits.embedsPerMessage) {
    issues.push({ path, code: "BASE_TYPE_MAX_LENGTH", message: `Must be ${DiscordLimits.embedsPerMessage} or fewer in length.` });
  }
  let total = 0;
  embeds.forEach((embed: unknown, index) => {
    if (!isObject(embed)) return;
    const at = [...path, index];
    maxLength(issues, [...at, "title"], embed.title, DiscordLimits.embedTitle);
    maxLength(issues, [...at, "description"], embed.description, DiscordLimits.embedDescription);
    total += textLength(embed.title) + textLength(embed.description);
    if (isObject(embed.footer)) {
      maxLength(issues, [...at, "footer", "text"], embed.footer.text, DiscordLimits.embedFooterText);
      total += textLength(embed.footer.text);
    }
    if (isObject(embed.author)) {
      maxLength(issues, [...at, "author", "name"], embed.author.name, DiscordLimits.embedAuthorName);
      total += textLength(embed.author.name);
    }
    if (Array.isArray(embed.fields)) {
      if (embed.fields.length > DiscordLimits.embedFields) {
        issues.push({ path: [...at, "fields"], code: "BASE_TYPE_MAX_LENGTH", message: `Must be ${DiscordLimits.embedFields} or fewer in length.` });
      }
      embed.fields.forEach((field: unknown, fieldIndex) => {
        if (!isObject(field)) return;
        const fieldPath = [...at, "fields", fieldIndex];
        if (required(issues, [...fieldPath, "name"], field.name)) {
          maxLength(issues, [...fieldPath, "name"], field.name, DiscordLimits.embedFieldName);
        }
        if (required(issues, [...fieldPath, "value"], field.value)) {
          maxLength(issues, [...fieldPath, "value"], field.value, DiscordLimits.embedFieldValue);
        }
        total += textLength(field.name) + textLength(field.value);
      });
    }
  });
  if (total > DiscordLimits.embedTotalCharacters) {
    issues.push({
      path,
      code: "MAX_EMBED_SIZE_EXCEEDED",
      message: `Embed size exceeds maximum size of ${DiscordLimits.embedTotalCharacters}`,
    });
  }
}

function validateCustomId(component: Json, issues: ValidationIssue[], path: (string | number)[], seen: Set<string>): void {
  if (!("custom_id" in component)) return;
  if (!required(issues, [...path, "custom_id"], component.custom_id)) return;
  maxLength(issues, [...path, "custom_id"], component.custom_id, DiscordLimits.customId);
  if (typeof component.custom_id === "string") {
    if (seen.has(component.custom_id)) {
      issues.push({ path: [...path, "custom_id"], code: "COMPONENT_CUSTOM_ID_DUPLICATED", message: "Component custom id cannot be duplicated" });
    }
    seen.add(component.custom_id);
  }
}

function validateButton(button: Json, issues: ValidationIssue[], path: (string | number)[], seen: Set<string>): void {
  maxLength(issues, [...path, "label"], button.label, DiscordLimits.buttonLabel);
  if (button.style === LINK_BUTTON_STYLE) {
    required(issues, [...path, "url"], button.url);
    if ("custom_id" in button) {
      issues.push({ path: [...path, "custom_id"], code: "BUTTON_COMPONENT_LINK_HAS_CUSTOM_ID", message: "A link button cannot have a custom id" });
    }
    return;
  }
  if (button.style === PREMIUM_BUTTON_STYLE) return;
  if (!("custom_id" in button)) {
    issues.push({ path: [...path, "custom_id"], code: "BASE_TYPE_REQUIRED", message: "This field is required" });
  }
  validateCustomId(button, issues, path, seen);
}

function validateAnyComponent(component: unknown, issues: ValidationIssue[], path: (string | number)[], seen: Set<string>): void {
  if (!isObject(component)) return;
  if (component.type === ComponentKind.Button) {
    validateButton(component, issues, path, seen);
  } else {
    validateCustomId(component, issues, path, seen);
  }
  if (Array.isArray(component.options)) {
    if (component.options.length > DiscordLimits.selectOptions) {
      issues.push({ path: [...path, "options"], code: "BASE_TYPE_MAX_LENGTH", message: `Must be ${DiscordLimits.selectOptions} or fewer in length.` });
    }
  }
  if (Array.isArray(component.components)) {
    component.components.forEach((child: unknown, index) => validateAnyComponent(child, issues, [...path, "components", index], seen));
  }
  if (isObject(component.component)) validateAnyComponent(component.component, issues, [...path, "component"], seen);
  if (isObject(component.accessory)) validateAnyComponent(component.accessory, issues, [...path, "accessory"], seen);
}

function validateMessageComponents(components: unknown, flags: number, issues: ValidationIssue[], base: (string | number)[]): void {
  if (!Array.isArray(components)) return;
  const path = [...base, "components"];
  const seen = new Set<string>();
  if ((flags & IS_COMPONENTS_V2) !== 0) {
    components.forEach((component: unknown, index) => validateAnyComponent(component, issues, [...path, index], seen));
    return;
  }
  if (components.length > DiscordLimits.actionRowsPerMessage) {
    issues.push({ path, code: "BASE_TYPE_MAX_LENGTH", message: `Must be ${DiscordLimits.actionRowsPerMessage} or fewer in length.` });
  }
  components.forEach((row: unknown, rowIndex) => {
    const rowPath = [...path, rowIndex];
    if (!isObject(row) || row.type !== ComponentKind.ActionRow) {
      issues.push({ path: [...rowPath, "type"], code: "UNION_TYPE_CHOICES", message: "Value of field \"type\" must be one of (1,)." });
      return;
    }
    const children: unknown[] = Array.isArray(row.components) ? row.components : [];
    if (children.length === 0) {
      issues.push({ path: [...rowPath, "components"], code: "BASE_TYPE_MIN_LENGTH", message: "Must be 1 or more in length." });
    }
    const buttons = children.filter((child) => isObject(child) && child.type === ComponentKind.Button).length;
    if (buttons > DiscordLimits.buttonsPerRow) {
      issues.push({ path: [...rowPath, "components"], code: "BASE_TYPE_MAX_LENGTH", message: `Must be ${DiscordLimits.buttonsPerRow} or fewer in length.` });
    }
    if (buttons > 0 && buttons !== children.length) {
      issues.push({ path: [...rowPath, "components"], code: "COMPONENT_LAYOUT_WIDTH_EXCEEDED", message: "The specified component exceeds the maximum width" });
    }
    children.forEach((child, index) => validateAnyComponent(child, issues, [...rowPath, "components", index], seen));
  });
}

export interface MessagePayloadRules {
  /** A new message needs something to show; an edit may leave fields untouched. */
  requireBody: boolean;
  /** Files that arrived alongside the payload (they count as a body). */
  fileCount: number;
}

/** Checks a message create/edit payload (channel message, interaction reply, followup, edit). */
export function validateMessagePayload(payload: unknown, rules: MessagePayloadRules, base: (string | number)[] = []): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (!isObject(payload)) {
    if (rules.requireBody && rules.fileCount === 0) {
      issues.push({ path: base, code: "EMPTY_MESSAGE", message: "Cannot send an empty message" });
    }
    return issues;
  }
  maxLength(issues, [...base, "content"], payload.content, DiscordLimits.contentLength);
  validateEmbeds(payload.embeds, issues, base);
  const flags = typeof payload.flags === "number" ? payload.flags : 0;
  validateMessageComponents(payload.components, flags, issues, base);
  if (rules.requireBody && rules.fileCount === 0) {
    const hasContent = typeof payload.content === "string" && payload.content.length > 0;
    const hasEmbeds = Array.isArray(payload.embeds) && payload.embeds.length > 0;
    const hasComponents = Array.isArray(payload.components) && payload.components.length > 0;
    const hasStickers = Array.isArray(payload.sticker_ids) && payload.sticker_ids.length > 0;
    const hasPoll = isObject(payload.poll);
    if (!hasContent && !hasEmbeds && !hasComponents && !hasStickers && !hasPoll) {
      issues.push({ path: base, code: "EMPTY_MESSAGE", message: "Cannot send an empty message" });
    }
  }
  return issues;
}

function validateTextInput(input: Json, issues: ValidationIssue[], path: (string | number)[], seen: Set<string>, labelled: boolean): void {
  validateCustomId(input, issues, path, seen);
  if (!labelled) {
    if (required(issues, [...path, "label"], input.label)) {
      maxLength(issues, [...path, "label"], input.label, DiscordLimits.textInputLabel);
    }
  }
  if (input.style !== 1 && input.style !== 2) {
    issues.push({ path: [...path, "style"], code: "BASE_TYPE_CHOICES", message: "Value must be one of (1, 2)." });
  }
  for (const key of ["min_length", "max_length"] as const) {
    const value = input[key];
    if (value === undefined) continue;
    const min = key === "min_length" ? 0 : 1;
    if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > DiscordLimits.textInputLength) {
      issues.push({ path: [...path, key], code: "NUMBER_TYPE_MAX", message: `Must be between ${min} and ${DiscordLimits.textInputLength}.` });
    }
  }
  maxLength(issues, [...path, "value"], input.value, DiscordLimits.textInputLength);
  maxLength(issues, [...path, "placeholder"], input.placeholder, DiscordLimits.textInputPlaceholder);
}

/** Checks the `data` of a modal callback (type 9). */
export function validateModal(data: unknown, base: (string | number)[] = ["data"]): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (!isObject(data)) {
    issues.push({ path: base, code: "BASE_TYPE_REQUIRED", message: "This field is required" });
    return issues;
  }
  if (required(issues, [...base, "title"], data.title)) maxLength(issues, [...base, "title"], data.title, DiscordLimits.modalTitle);
  if (required(issues, [...base, "custom_id"], data.custom_id)) maxLength(issues, [...base, "custom_id"], data.custom_id, DiscordLimits.customId);
  const rows: unknown[] = Array.isArray(data.components) ? data.components : [];
  if (rows.length === 0 || rows.length > DiscordLimits.modalRows) {
    issues.push({ path: [...base, "components"], code: "BASE_TYPE_BAD_LENGTH", message: `Must be between 1 and ${DiscordLimits.modalRows} in length.` });
  }
  const seen = new Set<string>();
  rows.forEach((row: unknown, index) => {
    const path = [...base, "components", index];
    if (!isObject(row)) return;
    if (row.type === ComponentKind.Label) {
      if (required(issues, [...path, "label"], row.label)) maxLength(issues, [...path, "label"], row.label, DiscordLimits.textInputLabel);
      maxLength(issues, [...path, "description"], row.description, 100);
      if (isObject(row.component)) {
        if (row.component.type === ComponentKind.TextInput) validateTextInput(row.component, issues, [...path, "component"], seen, true);
        else validateAnyComponent(row.component, issues, [...path, "component"], seen);
      }
      return;
    }
    if (row.type === ComponentKind.ActionRow) {
      const children: unknown[] = Array.isArray(row.components) ? row.components : [];
      if (children.length !== 1) {
        issues.push({ path: [...path, "components"], code: "BASE_TYPE_BAD_LENGTH", message: "Must be between 1 and 1 in length." });
      }
      children.forEach((child, childIndex) => {
        if (isObject(child) && child.type === ComponentKind.TextInput) {
          validateTextInput(child, issues, [...path, "components", childIndex], seen, false);
        } else if (isObject(child)) {
          validateAnyComponent(child, issues, [...path, "components", childIndex], seen);
        }
      });
      return;
    }
    // Text displays (type 10) carry no inputs; anything else is validated generically.
    validateAnyComponent(row, issues, path, seen);
  });
  return issues;
}

const COMMAND_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const CHAT_INPUT = 1;

function validateCommandText(source: Json, issues: ValidationIssue[], path: (string | number)[], chatInput: boolean): void {
  if (required(issues, [...path, "name"], source.name)) {
    if (typeof source.name !== "string" || !COMMAND_NAME.test(source.name) || (chatInput && source.name !== source.name.toLowerCase())) {
      issues.push({ path: [...path, "name"], code: "APPLICATION_COMMAND_INVALID_NAME", message: "Command name is invalid" });
    }
  }
  if (isObject(source.name_localizations)) {
    for (const [locale, name] of Object.entries(source.name_localizations)) {
      if (typeof name !== "string" || !COMMAND_NAME.test(name) || (chatInput && name !== name.toLowerCase())) {
        issues.push({ path: [...path, "name_localizations", locale], code: "APPLICATION_COMMAND_INVALID_NAME", message: "Command name is invalid" });
      }
    }
  }
  if (chatInput) {
    if (required(issues, [...path, "description"], source.description)) {
      maxLength(issues, [...path, "description"], source.description, DiscordLimits.commandDescription);
    }
    if (isObject(source.description_localizations)) {
      for (const [locale, text] of Object.entries(source.description_localizations)) {
        maxLength(issues, [...path, "description_localizations", locale], text, DiscordLimits.commandDescription);
      }
    }
  }
  if (Array.isArray(source.options)) {
    if (source.options.length > DiscordLimits.commandOptions) {
      issues.push({ path: [...path, "options"], code: "BASE_TYPE_MAX_LENGTH", message: `Must be ${DiscordLimits.commandOptions} or fewer in length.` });
    }
    let sawOptional = false;
    source.options.forEach((option: unknown, index) => {
      if (!isObject(option)) return;
      const optionPath = [...path, "options", index];
      validateCommandText(option, issues, optionPath, true);
      if (option.required === true && sawOptional) {
        issues.push({ path: optionPath, code: "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", message: "Required options must be placed before non-required options" });
      }
      if (option.required !== true && option.type !== 1 && option.type !== 2) sawOptional = true;
    });
  }
}

/** Checks a bulk overwrite of application commands (PUT …/commands). */
export function validateCommands(commands: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (!Array.isArray(commands)) {
    issues.push({ path: [], code: "BASE_TYPE_ARRAY", message: "Must be an array." });
    return issues;
  }
  if (commands.length > DiscordLimits.commandsPerScope) {
    issues.push({ path: [], code: "BASE_TYPE_MAX_LENGTH", message: `Must be ${DiscordLimits.commandsPerScope} or fewer in length.` });
  }
  const names = new Set<string>();
  commands.forEach((command: unknown, index) => {
    if (!isObject(command)) return;
    const type = typeof command.type === "number" ? command.type : CHAT_INPUT;
    validateCommandText(command, issues, [index], type === CHAT_INPUT);
    const key = `${type}:${String(command.name)}`;
    if (names.has(key)) {
      issues.push({ path: [index, "name"], code: "APPLICATION_COMMANDS_DUPLICATE_NAME", message: `Application command names must be unique` });
    }
    names.add(key);
  });
  return issues;
}

/** Builds Discord's nested `errors` object: `{ embeds: { 0: { title: { _errors: [...] } } } }`. */
export function nestIssues(issues: ValidationIssue[]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const issue of issues) {
    let node = root;
    for (const key of issue.path) {
      const name = String(key);
      const child = node[name];
      if (isObject(child)) {
        node = child;
      } else {
        const fresh: Record<string, unknown> = {};
        node[name] = fresh;
        node = fresh;
      }
    }
    const list = Array.isArray(node._errors) ? (node._errors as unknown[]) : [];
    list.push({ code: issue.code, message: issue.message });
    node._errors = list;
  }
  return root;
}

export function formatIssuePath(path: (string | number)[]): string {
  return path.reduce<string>((text, key) => (typeof key === "number" ? `${text}[${key}]` : text === "" ? key : `${text}.${key}`), "");
}
