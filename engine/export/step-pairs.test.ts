// Step pairs from a hand-built turn tree: which branch points pair, at which turn, with which
// representatives, and how min_gap and the selection limit them.
import { describe, expect, it } from 'vitest';
import { buildTurnTree, type TreeRollout } from '../../shared/turn-tree';
import type { ChatMessage } from './chat-messages';
import { firstDivergence } from './pairs';
import { branchPairs } from './step-pairs';

const user = { role: 'user', content: 'fix the bug', tool_calls: [] };
const call = (name: string) => ({
  role: 'assistant',
  content: '',
  tool_calls: [{ name, arguments: '{}' }],
});
const tool = (content: string) => ({ role: 'tool', content, tool_calls: [] });

function rollout(id: string, success: boolean, turns: TreeRollout['turns']): TreeRollout {
  return { rollout_id: id, success, turns };
}

// After the user turn, three different first actions: read (2 of 2 succeed), grep (1 of 2) and rm
// (0 of 1). After read the second actions differ (test, submit), but both succeed: no gap there.
const rollouts = [
  rollout('r1', true, [user, call('read'), tool('ok'), call('test')]),
  rollout('r2', true, [user, call('read'), tool('ok'), call('submit')]),
  rollout('g1', true, [user, call('grep'), tool('hit')]),
  rollout('g2', false, [user, call('grep'), tool('hit')]),
  rollout('x1', false, [user, call('rm'), tool('gone')]),
];
const nodes = buildTurnTree(rollouts);
const all = new Set(rollouts.map((r) => r.rollout_id));

describe('branchPairs', () => {
  it('pairs the best sibling with each sibling at least min_gap lower, at the branch turn', () => {
    expect(branchPairs(nodes, all, 0.5)).toEqual([
      { trajectory_ids: ['r1', 'g1'], turn_index: 1, values: [1, 0.5] },
      { trajectory_ids: ['r1', 'x1'], turn_index: 1, values: [1, 0] },
    ]);
    // A larger gap keeps only read against rm; equal values (test vs submit) never pair.
    expect(branchPairs(nodes, all, 0.75)).toEqual([
      { trajectory_ids: ['r1', 'x1'], turn_index: 1, values: [1, 0] },
    ]);
  });

  it('represents each side by a selected rollout, and skips a side with none selected', () => {
    const selected = new Set(['r2', 'g2']);
    expect(branchPairs(nodes, selected, 0.5)).toEqual([
      { trajectory_ids: ['r2', 'g2'], turn_index: 1, values: [1, 0.5] },
    ]);
  });

  it('ignores branches at tool outputs: the policy did not choose them', () => {
    const env = [
      rollout('a', true, [user, call('run'), tool('pass')]),
      rollout('b', false, [user, call('run'), tool('flaky failure')]),
    ];
    expect(branchPairs(buildTurnTree(env), new Set(['a', 'b']), 0.5)).toEqual([]);
  });
});

describe('firstDivergence', () => {
  const m = (role: 'user' | 'assistant', content: string): ChatMessage => ({ role, content });
  it('finds the first differing turn, ignoring whitespace runs', () => {
    expect(
      firstDivergence(
        [m('user', 'a  b'), m('assistant', 'x')],
        [m('user', 'a b'), m('assistant', 'y')],
      ),
    ).toBe(1);
    expect(firstDivergence([m('user', 'a')], [m('user', 'a'), m('assistant', 'y')])).toBeNull();
  });
  it('tells tool calls apart by their arguments', () => {
    const a: ChatMessage = {
      role: 'assistant',
      content: '',
      tool_calls: [{ type: 'function', function: { name: 'f', arguments: { x: 1 } } }],
    };
    const b: ChatMessage = {
      role: 'assistant',
      content: '',
      tool_calls: [{ type: 'function', function: { name: 'f', arguments: { x: 2 } } }],
    };
    expect(firstDivergence([a], [b])).toBe(0);
    expect(firstDivergence([a], [a])).toBeNull();
  });
});
