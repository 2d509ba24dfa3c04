import { describe, expect, it } from 'vitest';
import type { JudgePrompt } from '../../../../shared/api-judge';
import { promptTree } from './prompt-tree';

function prompt(version_id: string, parent_version: string | null, minute: number): JudgePrompt {
  return {
    version_id,
    parent_version,
    text: version_id,
    created_at: `2026-12-01T10:${String(minute).padStart(2, '0')}:00Z`,
  };
}

const shape = (prompts: JudgePrompt[]) =>
  promptTree(prompts).map((node) => `${'  '.repeat(node.depth)}${node.prompt.version_id}`);

describe('promptTree', () => {
  it('puts each version under its parent, siblings oldest first', () => {
    expect(
      shape([
        prompt('t/1', null, 0),
        prompt('t/2', 't/1', 1),
        prompt('t/3', 't/1', 2),
        prompt('t/4', 't/2', 3),
        prompt('mine/1', null, 4),
      ]),
    ).toEqual(['t/1', '  t/2', '    t/4', '  t/3', 'mine/1']);
  });

  it('shows a version whose parent is missing, and a cycle, at the top level', () => {
    expect(shape([prompt('a/2', 'a/1', 1), prompt('b/1', null, 0)])).toEqual(['b/1', 'a/2']);
    expect(shape([prompt('x/1', 'x/2', 0), prompt('x/2', 'x/1', 1)])).toEqual(['x/1', '  x/2']);
  });
});
