import { describe, expect, it } from 'vitest';
import {
  SegmentationNameSchema,
  actsUnder,
  normalizeWhitespace,
  parseSegmentation,
  segmentTurns,
  segmentationName,
  withActionsOf,
  type SegmentTurn,
} from './segments';

function turn(
  turn_index: number,
  role: string,
  is_action = false,
  tool_calls: SegmentTurn['tool_calls'] = [],
  content = '',
): SegmentTurn {
  return { turn_index, role, is_action, tool_calls, content };
}
const call = (name: string, args: string) => ({ name, arguments: args });
const ls = [call('bash', '{"cmd":"ls"}')];

// 0 system, 1 user, 2 thought, 3 search, 4 obs, 5 ls, 6 obs, 7 ls again, 8 obs,
// 9 thought, 10 thought, 11 cat, 12 obs, 13 final answer (not an action).
const trajectory: SegmentTurn[] = [
  turn(0, 'system'),
  turn(1, 'user'),
  turn(2, 'assistant', false, [], 'Let me search.'),
  turn(3, 'assistant', true, [call('search', '{"q":"a"}')]),
  turn(4, 'tool'),
  turn(5, 'assistant', true, ls),
  turn(6, 'tool'),
  turn(7, 'assistant', true, ls),
  turn(8, 'tool'),
  turn(9, 'assistant'),
  turn(10, 'assistant'),
  turn(11, 'assistant', true, [call('bash', '{"cmd":"cat x"}')]),
  turn(12, 'tool'),
  turn(13, 'assistant', false, [], 'Done.'),
];
const ranges = (turns: SegmentTurn[], name?: string) =>
  segmentTurns(turns, name).map((s) => [s.segment_index, s.turn_start, s.turn_end]);

describe('segmentTurns', () => {
  it("'action': one segment per action, with the thoughts directly before it", () => {
    expect(ranges(trajectory)).toEqual([
      [0, 2, 3],
      [1, 5, 5],
      [2, 7, 7],
      [3, 9, 11],
    ]);
  });

  it('never reaches over an observation or user turn for a thought', () => {
    const turns = [
      turn(0, 'user'),
      turn(1, 'assistant'),
      turn(2, 'user'),
      turn(3, 'assistant', true, ls),
    ];
    expect(ranges(turns)).toEqual([[0, 3, 3]]);
  });

  it('keeps an action by a non-assistant role to itself', () => {
    const turns = [turn(0, 'assistant'), turn(1, 'user', true, [call('pay', '{}')])];
    expect(ranges(turns)).toEqual([[0, 1, 1]]);
  });

  it("'turn': every assistant message is a segment, tool call or not", () => {
    expect(ranges(trajectory, 'turn')).toEqual([
      [0, 2, 2],
      [1, 3, 3],
      [2, 5, 5],
      [3, 7, 7],
      [4, 9, 9],
      [5, 10, 10],
      [6, 11, 11],
      [7, 13, 13],
    ]);
    // A dialogue: replies without tools, and the simulated user's own tool call.
    const dialogue = [
      turn(0, 'system'),
      turn(1, 'assistant', false, [], 'Hi, how can I help?'),
      turn(2, 'user', false, [], 'My phone has no signal.'),
      turn(3, 'assistant', false, [], 'Please toggle airplane mode.'),
      turn(4, 'user', true, [call('toggle_airplane_mode', '{}')]),
      turn(5, 'tool'),
    ];
    expect(ranges(dialogue, 'action')).toEqual([[0, 4, 4]]);
    expect(ranges(dialogue, 'turn')).toEqual([
      [0, 1, 1],
      [1, 3, 3],
      [2, 4, 4],
    ]);
  });

  it('says which turns act under a segmentation', () => {
    const reply = turn(1, 'assistant', false, [], 'Sure.');
    expect(actsUnder('action', reply)).toBe(false);
    expect(actsUnder('turn', reply)).toBe(true);
    expect(actsUnder('turn', turn(2, 'user'))).toBe(false);
    expect(actsUnder('window:2', turn(3, 'user', true, ls))).toBe(true);
    const seen = withActionsOf([turn(0, 'user'), reply], 'turn');
    expect(seen.map((t) => t.is_action)).toEqual([false, true]);
    expect(withActionsOf([reply], 'merge_identical')[0]).toBe(reply);
  });

  it("'window:N': runs of N actions, the last one shorter", () => {
    expect(ranges(trajectory, 'window:2')).toEqual([
      [0, 2, 5],
      [1, 7, 11],
    ]);
    expect(ranges(trajectory, 'window:3')).toEqual([
      [0, 2, 7],
      [1, 9, 11],
    ]);
    expect(ranges(trajectory, 'window:1')).toEqual(ranges(trajectory, 'action'));
    expect(ranges(trajectory, 'window:10')).toEqual([[0, 2, 11]]);
  });

  it("'merge_identical': consecutive identical actions become one segment", () => {
    expect(ranges(trajectory, 'merge_identical')).toEqual([
      [0, 2, 3],
      [1, 5, 7],
      [2, 9, 11],
    ]);
    // A A B A -> [A A] [B] [A]; call ids are not part of identity.
    const turns = [
      turn(0, 'assistant', true, [{ id: 'c1', name: 'bash', arguments: '{"cmd":"ls"}' }]),
      turn(1, 'tool'),
      turn(2, 'assistant', true, [{ id: 'c2', name: 'bash', arguments: '{"cmd":"ls"}' }]),
      turn(3, 'tool'),
      turn(4, 'assistant', true, [call('bash', '{"cmd":"pwd"}')]),
      turn(5, 'tool'),
      turn(6, 'assistant', true, ls),
    ];
    expect(ranges(turns, 'merge_identical')).toEqual([
      [0, 0, 2],
      [1, 4, 4],
      [2, 6, 6],
    ]);
  });

  it('compares argument text exactly and calls in order', () => {
    const a = [call('f', '{"a":1,"b":2}')];
    const reordered = [call('f', '{"b":2,"a":1}')]; // importers canonicalize; this is not canonical
    const pair = [call('f', '{}'), call('g', '{}')];
    const swapped = [call('g', '{}'), call('f', '{}')];
    const twoOf = (x: SegmentTurn['tool_calls'], y: SegmentTurn['tool_calls']) =>
      segmentTurns(
        [turn(0, 'assistant', true, x), turn(1, 'assistant', true, y)],
        'merge_identical',
      ).length;
    expect(twoOf(a, a)).toBe(1);
    expect(twoOf(a, reordered)).toBe(2);
    expect(twoOf(pair, swapped)).toBe(2);
    expect(twoOf([call('f', '{}')], [call('g', '{}')])).toBe(2);
  });

  it('compares actions without tool calls by whitespace-normalized content', () => {
    const turns = [
      turn(0, 'assistant', true, [], 'ls  -la'),
      turn(1, 'environment'),
      turn(2, 'assistant', true, [], ' ls -la\n'),
      turn(3, 'environment'),
      turn(4, 'assistant', true, [call('ls -la', '{}')], 'ls -la'),
    ];
    expect(ranges(turns, 'merge_identical')).toEqual([
      [0, 0, 2],
      [1, 4, 4],
    ]);
  });

  it('orders turns by turn_index and rejects duplicates', () => {
    expect(ranges([...trajectory].reverse())).toEqual(ranges(trajectory));
    expect(() => segmentTurns([turn(1, 'user'), turn(1, 'assistant', true, ls)])).toThrow(
      RangeError,
    );
  });

  it('gives no segments without actions and rejects unknown names', () => {
    expect(segmentTurns([])).toEqual([]);
    expect(segmentTurns([turn(0, 'user'), turn(1, 'assistant')], 'window:2')).toEqual([]);
    expect(() => segmentTurns(trajectory, 'window:0')).toThrow(RangeError);
  });
});

describe('segmentation names', () => {
  it('parses the four kinds and round-trips', () => {
    expect(parseSegmentation('action')).toEqual({ kind: 'action' });
    expect(parseSegmentation('turn')).toEqual({ kind: 'turn' });
    expect(parseSegmentation('merge_identical')).toEqual({ kind: 'merge_identical' });
    expect(parseSegmentation('window:3')).toEqual({ kind: 'window', size: 3 });
    for (const name of ['action', 'turn', 'merge_identical', 'window:1', 'window:12']) {
      const parsed = parseSegmentation(name);
      expect(parsed && segmentationName(parsed)).toBe(name);
    }
  });

  it('rejects anything not in canonical form', () => {
    for (const name of [
      '',
      'Action',
      ' action',
      'turns',
      'window',
      'window:',
      'window:0',
      'window:03',
      'window:-1',
      'window:1.5',
      'window: 2',
      'window:99999999999999999999',
    ]) {
      expect(parseSegmentation(name)).toBeNull();
      expect(SegmentationNameSchema.safeParse(name).success).toBe(false);
    }
    expect(SegmentationNameSchema.parse('window:4')).toBe('window:4');
  });
});

describe('normalizeWhitespace', () => {
  it('collapses ASCII whitespace runs and trims', () => {
    expect(normalizeWhitespace('  a\t\tb\r\n c \v\f')).toBe('a b c');
    expect(normalizeWhitespace('')).toBe('');
    expect(normalizeWhitespace(' \n ')).toBe('');
    // Non-ASCII spaces are content, matching a SQL class of [\t\n\v\f\r ].
    expect(normalizeWhitespace('\u00a0x')).toBe('\u00a0x');
  });
});
