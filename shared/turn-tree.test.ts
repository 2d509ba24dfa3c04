import { describe, expect, it } from 'vitest';
import { buildTurnTree, turnNodeKey, type TreeRollout, type TreeTurn } from './turn-tree';

const t = (role: string, content: string, tool_calls: TreeTurn['tool_calls'] = []): TreeTurn => ({
  role,
  content,
  tool_calls,
});
const system = t('system', 'You are an agent.');
const user = t('user', 'Find the answer.');
const search = t('assistant', 'Searching.', [{ name: 'search', arguments: '{"q":"x"}' }]);
const result = t('tool', 'res');

// R1 success, R2 failure, R3 success, R4 unknown. R2's search differs only in whitespace and in
// its call id, so it shares R1's node.
const rollouts: TreeRollout[] = [
  { rollout_id: 'r1', success: true, turns: [system, user, search, result, t('assistant', '42')] },
  {
    rollout_id: 'r2',
    success: false,
    turns: [
      system,
      user,
      t('assistant', '  Searching.\n', [{ id: 'call_9', name: 'search', arguments: '{"q":"x"}' }]),
      result,
      t('assistant', '41'),
    ],
  },
  {
    rollout_id: 'r3',
    success: true,
    turns: [system, user, t('assistant', 'Other.', [{ name: 'search', arguments: '{"q":"y"}' }])],
  },
  { rollout_id: 'r4', success: null, turns: [system, user, search, result, t('assistant', '42')] },
];

describe('buildTurnTree', () => {
  const tree = buildTurnTree(rollouts);
  const summary = tree.map((node) => ({
    id: node.id,
    parent: node.parent,
    depth: node.depth,
    n: node.n,
    n_known: node.n_known,
    successes: node.successes,
    children: node.children,
  }));

  it('merges identical normalized prefixes; ids follow creation order', () => {
    expect(summary).toEqual([
      { id: 0, parent: null, depth: 0, n: 4, n_known: 3, successes: 2, children: [1] },
      { id: 1, parent: 0, depth: 1, n: 4, n_known: 3, successes: 2, children: [2] }, // system
      { id: 2, parent: 1, depth: 2, n: 4, n_known: 3, successes: 2, children: [3, 7] }, // user
      { id: 3, parent: 2, depth: 3, n: 3, n_known: 2, successes: 1, children: [4] }, // search x
      { id: 4, parent: 3, depth: 4, n: 3, n_known: 2, successes: 1, children: [5, 6] }, // res
      { id: 5, parent: 4, depth: 5, n: 2, n_known: 1, successes: 1, children: [] }, // '42'
      { id: 6, parent: 4, depth: 5, n: 1, n_known: 1, successes: 0, children: [] }, // '41'
      { id: 7, parent: 2, depth: 3, n: 1, n_known: 1, successes: 1, children: [] }, // search y
    ]);
    expect(tree.map((node) => node.rollout_ids)).toEqual([
      ['r1', 'r2', 'r3', 'r4'],
      ['r1', 'r2', 'r3', 'r4'],
      ['r1', 'r2', 'r3', 'r4'],
      ['r1', 'r2', 'r4'],
      ['r1', 'r2', 'r4'],
      ['r1', 'r4'],
      ['r2'],
      ['r3'],
    ]);
    expect(tree[3]?.turn).toEqual({
      role: 'assistant',
      content: 'Searching.',
      tool_calls: [{ name: 'search', arguments: '{"q":"x"}' }],
    });
    expect(tree[0]?.turn).toBeNull();
  });

  it('computes p over known outcomes, p(1-p) and branch advantages', () => {
    // root: 2/3; search x: 1/2, advantage 1/2 - 2/3 = -1/6; '42': 1/1 (r4 unknown), +1/2;
    // '41': 0/1, -1/2; search y: 1/1, 1 - 2/3 = +1/3. p(1-p): 2/9 at the root, 1/4 at search x.
    const expected = [
      [2 / 3, 2 / 9, null],
      [2 / 3, 2 / 9, 0],
      [2 / 3, 2 / 9, 0],
      [0.5, 0.25, -1 / 6],
      [0.5, 0.25, 0],
      [1, 0, 0.5],
      [0, 0, -0.5],
      [1, 0, 1 / 3],
    ];
    tree.forEach((node, i) => {
      const [p, variance, advantage] = expected[i] as [number, number, number | null];
      expect(node.p).toBeCloseTo(p, 12);
      expect(node.value).toBe(node.p);
      expect(node.success_variance).toBeCloseTo(variance, 12);
      if (advantage === null) expect(node.branch_advantage).toBeNull();
      else expect(node.branch_advantage).toBeCloseTo(advantage, 12);
    });
  });

  it('leaves p null where no outcome is known, and the advantages around it null', () => {
    const tree = buildTurnTree([
      { rollout_id: 'a', success: null, turns: [user, t('assistant', 'x'), t('tool', 'o')] },
      { rollout_id: 'b', success: true, turns: [user, t('assistant', 'y')] },
    ]);
    expect(tree.map((node) => [node.n, node.n_known, node.p, node.branch_advantage])).toEqual([
      [2, 1, 1, null],
      [2, 1, 1, 0],
      [1, 0, null, null], // 'x': p unknown
      [1, 0, null, null], // 'o': parent unknown too
      [1, 1, 1, 0], // 'y'
    ]);
    expect(tree[2]?.success_variance).toBeNull();
  });

  it('keeps equal turns after different prefixes apart', () => {
    const tree = buildTurnTree([
      { rollout_id: 'a', success: true, turns: [t('user', 'u1'), t('assistant', 'same')] },
      { rollout_id: 'b', success: false, turns: [t('user', 'u2'), t('assistant', 'same')] },
    ]);
    expect(tree.map((node) => node.parent)).toEqual([null, 0, 1, 0, 3]);
  });

  it('handles no rollouts, empty rollouts and duplicate ids', () => {
    const empty = buildTurnTree([]);
    expect(empty).toHaveLength(1);
    expect(empty[0]).toMatchObject({ n: 0, n_known: 0, p: null, branch_advantage: null });
    const bare = buildTurnTree([{ rollout_id: 'a', success: false, turns: [] }]);
    expect(bare).toHaveLength(1);
    expect(bare[0]).toMatchObject({ n: 1, n_known: 1, successes: 0, p: 0, success_variance: 0 });
    expect(() =>
      buildTurnTree([
        { rollout_id: 'a', success: true, turns: [] },
        { rollout_id: 'a', success: true, turns: [] },
      ]),
    ).toThrow(RangeError);
  });
});

describe('turnNodeKey', () => {
  it('is role, normalized content and tool calls', () => {
    expect(turnNodeKey(t('user', 'hi'))).not.toBe(turnNodeKey(t('assistant', 'hi')));
    expect(turnNodeKey(t('user', ' hi\n\tthere '))).toBe(turnNodeKey(t('user', 'hi there')));
    expect(turnNodeKey(t('assistant', '', [{ name: 'f', arguments: '{}' }]))).not.toBe(
      turnNodeKey(t('assistant', '', [{ name: 'f', arguments: '{"a":1}' }])),
    );
    expect(turnNodeKey(t('assistant', 'x'))).not.toBe(
      turnNodeKey(t('assistant', 'x', [{ name: 'f', arguments: '{}' }])),
    );
  });
});
