// Prompt versions as a tree by their parent links: each version under its parent, siblings (and
// roots) oldest first, with its depth for indentation. A parent missing from the list makes its
// children roots, so no version is ever hidden.
import type { JudgePrompt } from '../../../../shared/api-judge';

export interface PromptNode {
  prompt: JudgePrompt;
  depth: number;
}

export function promptTree(prompts: readonly JudgePrompt[]): PromptNode[] {
  const known = new Set(prompts.map((p) => p.version_id));
  const children = new Map<string | null, JudgePrompt[]>();
  for (const prompt of prompts) {
    const parent =
      prompt.parent_version !== null && known.has(prompt.parent_version)
        ? prompt.parent_version
        : null;
    children.set(parent, [...(children.get(parent) ?? []), prompt]);
  }
  const out: PromptNode[] = [];
  const seen = new Set<string>();
  const visit = (parent: string | null, depth: number) => {
    const list = [...(children.get(parent) ?? [])].sort(
      (a, b) =>
        a.created_at.localeCompare(b.created_at) || a.version_id.localeCompare(b.version_id),
    );
    for (const prompt of list) {
      if (seen.has(prompt.version_id)) continue; // a cycle in hand-edited data: show it once
      seen.add(prompt.version_id);
      out.push({ prompt, depth });
      visit(prompt.version_id, depth + 1);
    }
  };
  visit(null, 0);
  // Versions in a cycle (hand-edited data) have no root: start one at the top level.
  for (const prompt of prompts) {
    if (!seen.has(prompt.version_id)) {
      seen.add(prompt.version_id);
      out.push({ prompt, depth: 0 });
      visit(prompt.version_id, 1);
    }
  }
  return out;
}
