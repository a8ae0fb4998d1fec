import { normaliseLabel } from "./source-text.ts";

/** The sections of a question, keyed by a stable name; values are the headings authors write. */
export const SECTIONS = {
  oralAnswer: "30–60 秒回答",
  detailedAnswer: "详细答案",
  followUps: "常见追问",
  case: "实战案例",
  misconceptions: "常见误区",
  exercise: "微练习",
  references: "学习章与参考",
} as const;
export type SectionKey = keyof typeof SECTIONS;
export const SECTION_KEYS = Object.keys(SECTIONS) as SectionKey[];

const SECTION_BY_LABEL = new Map<string, SectionKey>(
  SECTION_KEYS.map((key) => [normaliseLabel(SECTIONS[key]), key]),
);
// Spellings seen in the wild for the oral-answer heading.
SECTION_BY_LABEL.set("30-60s回答", "oralAnswer");
SECTION_BY_LABEL.set("30-60秒答案", "oralAnswer");
SECTION_BY_LABEL.set("参考", "references");

export function sectionForLabel(label: string): SectionKey | undefined {
  return SECTION_BY_LABEL.get(normaliseLabel(label));
}

/** Published pages put section labels at the start of a line, ending in a colon, content optional after it. */
const PUBLISHED_LABEL = /^(30\s*[–—−-]\s*60\s*秒回答|详细答案|常见追问|实战案例|常见误区|微练习|学习章与参考)\s*[:：]\s*/u;

export function matchPublishedLabel(text: string): { key: SectionKey; rest: string; restColumn: number } | null {
  const match = PUBLISHED_LABEL.exec(text);
  if (!match?.[1]) return null;
  const key = sectionForLabel(match[1]);
  if (!key) return null;
  return { key, rest: text.slice(match[0].length).trim(), restColumn: match[0].length + 1 };
}

export const PRIORITY_LABEL = /^优先级\s*[:：]\s*/u;
export const KEY_POINTS_LABEL = /^(要点|关键点|key\s*points?)\s*[:：]\s*$/iu;
export const STUDY_CHAPTER_LABEL = /^对应学习章\s*[:：]\s*/u;
/** The collapsed <details> summary on the published site. */
export const PUBLISHED_CHROME = "展开详细答案、追问与案例";
