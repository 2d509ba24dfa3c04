import { describe, expect, it } from 'vitest';
import { summarizeTreeNodes } from '../../../shared/turn-tree-summary';
import { buildTurnTree, type TreeRollout } from '../../../shared/turn-tree';
import { drawnNodeLabel, layoutTurnTree, type TreeNode } from './tree-layout';

// The API's node shape, as engine/credit/turn-tree-query.ts makes it.
function apiNodes(rollouts: TreeRollout[]): TreeNode[] {
  return summarizeTreeNodes(buildTurnTree(rollouts));
}

function rollout(id: string, success: boolean | null, contents: string[]): TreeRollout {
  return {
    rollout_id: id,
    success,
    turns: contents.map((content, i) => ({
      role: i % 2 === 0 ? 'assistant' : 'tool',
      content,
      tool_calls: [],
    })),
  };
}

describe('layoutTurnTree', () => {
  it('collapses shared chains and keeps branch statistics', () => {
    // a b c shared by all three; then x (two rollouts, one continues differently) or y.
    const layout = layoutTurnTree(
      apiNodes([
        rollout('r1', true, ['a', 'b', 'c', 'x', 'p']),
        rollout('r2', false, ['a', 'b', 'c', 'x', 'q']),
        rollout('r3', false, ['a', 'b', 'c', 'y', 'z']),
      ]),
    );
    const labels = layout.nodes.map((node) => drawnNodeLabel(node));
    expect(labels).toEqual(['task', '3 shared turns', 'tool', 'assistant', 'assistant', '2 turns']);
    const [root, shared, x, p, q, yz] = layout.nodes;
    expect(root).toMatchObject({ column: 0, n: 3, successes: 1, turnRange: null });
    expect(shared).toMatchObject({
      turns: 3,
      turnRange: [0, 2],
      n: 3,
      parent: 0,
      children: [2, 5],
    });
    expect(shared?.p).toBeCloseTo(1 / 3);
    expect(x).toMatchObject({ n: 2, p: 0.5, column: 2, children: [3, 4] });
    expect(x?.branch_advantage).toBeCloseTo(0.5 - 1 / 3);
    expect(p).toMatchObject({ ended: 1, endOutcome: 'success', rollout_ids: ['r1'], row: 0 });
    expect(q).toMatchObject({ endOutcome: 'failure', row: 1 });
    expect(yz).toMatchObject({ turns: 2, turnRange: [3, 4], endOutcome: 'failure', row: 2 });
    expect(yz?.branch_advantage).toBeCloseTo(0 - 1 / 3);
    // Parents sit midway between their first and last child.
    expect(x?.row).toBe(0.5);
    expect(shared?.row).toBe(1.25);
    expect(layout).toMatchObject({ columns: 4, rows: 3 });
  });

  it('stops a chain where a rollout ends, and reports mixed and unknown endings', () => {
    const layout = layoutTurnTree(
      apiNodes([
        rollout('short', null, ['a']),
        rollout('long', true, ['a', 'b']),
        rollout('same1', true, ['c']),
        rollout('same2', false, ['c']),
      ]),
    );
    expect(layout.nodes.map((node) => drawnNodeLabel(node))).toEqual([
      'task',
      'assistant',
      'tool',
      'assistant',
    ]);
    const [, a, b, c] = layout.nodes;
    expect(a).toMatchObject({ n: 2, ended: 1, endOutcome: 'unknown', children: [2] });
    expect(b).toMatchObject({ n: 1, endOutcome: 'success' });
    expect(c).toMatchObject({ n: 2, ended: 2, endOutcome: 'mixed', p: 0.5 });
  });

  it('collapses 64 rollouts x 100 turns to a few hundred drawn nodes', () => {
    const rollouts = Array.from({ length: 64 }, (_, i) =>
      rollout(
        `r${i}`,
        i % 3 === 0,
        Array.from({ length: 100 }, (_, k) => `${k}:${i >> Math.max(0, 6 - Math.floor(k / 10))}`),
      ),
    );
    const nodes = apiNodes(rollouts);
    expect(nodes.length).toBeGreaterThan(3000);
    const layout = layoutTurnTree(nodes);
    expect(layout.nodes.length).toBe(1 + 1 + 2 + 4 + 8 + 16 + 32 + 64);
    expect(layout.rows).toBe(64);
    expect(layout.columns).toBe(8);
    expect(layout.nodes.filter((node) => node.endOutcome !== null)).toHaveLength(64);
  });
});
