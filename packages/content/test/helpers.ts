import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), "fixtures");
export const PACKAGE_ROOT = join(FIXTURES, "..", "..");
export const REPO_ROOT = join(PACKAGE_ROOT, "..", "..");
export const PUBLISHED_SEED = join(FIXTURES, "12-agent-optimization.published.txt");
export const MARKDOWN_SEED = join(FIXTURES, "12-agent-optimization.md");
export const SHIPPED_SEED = join(REPO_ROOT, "content", "agent-interview", "12-agent-optimization.md");

export function readFixture(path: string): string {
  return readFileSync(path, "utf8");
}

/** A minimal valid Markdown page, for tests that break one thing at a time. */
export function markdownPage(questions: string, range = "Q001–Q002"): string {
  return `# 1 · 测试章面试题

对应学习章：1 · 测试章。本页收录 ${range}，用于测试。

介绍。

${questions}`;
}

export function markdownQuestion(id: string, overrides: { priority?: string; oral?: string | null; extra?: string } = {}): string {
  const oral =
    overrides.oral === null
      ? ""
      : `### 30–60 秒回答

${overrides.oral ?? "先定位错误。再决定训练。"}

要点：

- 先定位错误
  - 定位 | locate
`;
  return `## ${id} 怎样测试？

优先级：${overrides.priority ?? "P1"}

${oral}
### 详细答案

第一段。

### 常见追问

#### 为什么？

因为要测。

要点：

- 因为要测
  - 测 | test

### 实战案例

案例。

### 常见误区

- 不用测
  - 为什么错：要测。
  - 不用测 | no tests

### 微练习

练习。

### 学习章与参考

- 学习章 1
${overrides.extra ?? ""}
`;
}
