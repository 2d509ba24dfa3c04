import { describe, expect, it } from 'vitest';
import { alignTurns, type AlignTurn, type AlignedRow } from './trajectory-alignment';

const t = (role: string, content: string, tool_calls: AlignTurn['tool_calls'] = []): AlignTurn => ({
  role,
  content,
  tool_calls,
});
const call = (name: string, args: string) => [{ name, arguments: args }];
const system = t('system', 'You are an agent.');
const user = t('user', 'Find the answer.');
const search = (q: string) => t('assistant', 'Searching.', call('search', `{"q":"${q}"}`));
const result = (text: string) => t('tool', text);

const shape = (rows: AlignedRow[]) => rows.map((r) => [r.kind, r.a, r.b]);

describe('alignTurns', () => {
  it('reports identical sequences as all same with no divergence', () => {
    const turns = [system, user, search('x'), result('res'), t('assistant', '42')];
    const alignment = alignTurns(
      turns,
      turns.map((turn) => ({ ...turn })),
    );
    expect(alignment.first_divergence).toBeNull();
    expect(alignment.counts).toEqual({ same: 5, changed: 0, only_a: 0, only_b: 0 });
    expect(shape(alignment.rows)).toEqual([0, 1, 2, 3, 4].map((k) => ['same', k, k]));
  });

  it('treats whitespace and tool-call ids as irrelevant, like the turn tree', () => {
    const a = [user, t('assistant', 'Searching.', [{ id: 'c1', name: 's', arguments: '{}' }])];
    const b = [user, t('assistant', ' Searching.\n', [{ id: 'c2', name: 's', arguments: '{}' }])];
    expect(alignTurns(a, b).first_divergence).toBeNull();
  });

  it('pairs different steps of the same role on one row and flags the first divergence', () => {
    const a = [system, user, search('x'), result('res x'), t('assistant', '42')];
    const b = [system, user, search('y'), result('res y'), t('assistant', '41')];
    const alignment = alignTurns(a, b);
    expect(alignment.first_divergence).toBe(2);
    expect(shape(alignment.rows)).toEqual([
      ['same', 0, 0],
      ['same', 1, 1],
      ['changed', 2, 2],
      ['changed', 3, 3],
      ['changed', 4, 4],
    ]);
  });

  it('lines up the rest after an inserted pair of steps', () => {
    const tail = [search('z'), result('res z'), t('assistant', 'done')];
    const a = [system, user, ...tail];
    const b = [system, user, search('extra'), result('nothing useful'), ...tail];
    const alignment = alignTurns(a, b);
    expect(alignment.first_divergence).toBe(2);
    expect(alignment.counts).toEqual({ same: 5, changed: 0, only_a: 0, only_b: 2 });
    expect(shape(alignment.rows)).toEqual([
      ['same', 0, 0],
      ['same', 1, 1],
      ['only_b', null, 2],
      ['only_b', null, 3],
      ['same', 2, 4],
      ['same', 3, 5],
      ['same', 4, 6],
    ]);
  });

  it('re-synchronises on identical steps after a deletion in the middle', () => {
    const a = [user, search('a'), result('ra'), search('b'), result('rb'), t('assistant', 'end')];
    const b = [user, search('a'), result('ra2'), t('assistant', 'end')];
    const alignment = alignTurns(a, b);
    expect(alignment.first_divergence).toBe(2);
    // The extra call and its result are gaps on B; the final answer stays on one row.
    expect(alignment.counts.only_a).toBe(2);
    expect(alignment.rows.at(-1)).toEqual({ kind: 'same', a: 5, b: 3 });
    expect(alignment.rows.filter((r) => r.a !== null).map((r) => r.a)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(alignment.rows.filter((r) => r.b !== null).map((r) => r.b)).toEqual([0, 1, 2, 3]);
  });

  it('never pairs turns of different roles', () => {
    const a = [user, t('assistant', 'answer')];
    const b = [user, t('environment', 'answer')];
    const alignment = alignTurns(a, b);
    expect(shape(alignment.rows)).toEqual([
      ['same', 0, 0],
      ['only_a', 1, null],
      ['only_b', null, 1],
    ]);
  });

  it('prefers pairing the more similar of two candidate steps', () => {
    const a = [user, t('assistant', 'open the config file and read the port')];
    const b = [
      user,
      t('assistant', 'list the directory'),
      t('assistant', 'open the config file and read the port number'),
    ];
    const rows = alignTurns(a, b).rows;
    expect(shape(rows)).toEqual([
      ['same', 0, 0],
      ['only_b', null, 1],
      ['changed', 1, 2],
    ]);
  });

  it('does not call truncated previews identical when the full lengths differ', () => {
    const preview = (length: number): AlignTurn => ({
      ...result('x'.repeat(10)),
      content_truncated: true,
      content_length: length,
    });
    expect(alignTurns([preview(50)], [preview(50)]).first_divergence).toBeNull();
    expect(alignTurns([preview(50)], [preview(60)]).rows).toEqual([
      { kind: 'changed', a: 0, b: 0 },
    ]);
  });

  it('handles empty sides', () => {
    expect(alignTurns([], [])).toEqual({
      rows: [],
      first_divergence: null,
      counts: { same: 0, changed: 0, only_a: 0, only_b: 0 },
    });
    expect(shape(alignTurns([user], []).rows)).toEqual([['only_a', 0, null]]);
    expect(alignTurns([], [user, user]).first_divergence).toBe(0);
  });

  it('covers every turn of both sides exactly once, in order, on long inputs', () => {
    const a: AlignTurn[] = [system, user];
    const b: AlignTurn[] = [system, user];
    for (let k = 0; k < 700; k += 1) {
      a.push(search(`q${k % 7}`), result(`r${k}`));
      if (k % 5 !== 0) b.push(search(`q${k % 7}`), result(`r${k % 3 === 0 ? k : -k}`));
    }
    const alignment = alignTurns(a, b);
    const as = alignment.rows.flatMap((r) => (r.a === null ? [] : [r.a]));
    const bs = alignment.rows.flatMap((r) => (r.b === null ? [] : [r.b]));
    expect(as).toEqual(a.map((_, k) => k));
    expect(bs).toEqual(b.map((_, k) => k));
    for (const row of alignment.rows) {
      if (row.a !== null && row.b !== null) expect(a[row.a]?.role).toBe(b[row.b]?.role);
    }
    expect(alignment.first_divergence).toBe(2);
  });

  it('pairs turns in order when the differing middle is too large to align fully', () => {
    const a = Array.from({ length: 4100 }, (_, k) =>
      t(k % 2 === 0 ? 'assistant' : 'tool', `a${k}`),
    );
    const b = Array.from({ length: 4101 }, (_, k) =>
      t(k % 2 === 0 ? 'assistant' : 'tool', `b${k}`),
    );
    const alignment = alignTurns([user, ...a], [user, ...b]);
    expect(alignment.first_divergence).toBe(1);
    expect(alignment.counts).toEqual({ same: 1, changed: 4100, only_a: 0, only_b: 1 });
    expect(alignment.rows.at(-1)).toEqual({ kind: 'only_b', a: null, b: 4101 });
  });
});
