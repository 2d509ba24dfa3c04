import { describe, expect, it } from 'vitest';
import type { AlignedRow, AlignedRowKind } from '../../../shared/trajectory-alignment';
import { diffItems } from './diff-items';

const rows = (kinds: string): AlignedRow[] =>
  [...kinds].map((c, k) => {
    const kind: AlignedRowKind = c === '=' ? 'same' : c === '~' ? 'changed' : 'only_a';
    return { kind, a: k, b: kind === 'only_a' ? null : k };
  });

const render = (kinds: string, unfolded: number[] = []) =>
  diffItems(rows(kinds), new Set(unfolded)).map((item) =>
    item.type === 'row' ? item.index : `${item.start}-${item.end}`,
  );

describe('diffItems', () => {
  it('folds a leading run but keeps the step just before the divergence', () => {
    expect(render('=====~~')).toEqual(['0-4', 4, 5, 6]);
  });

  it('keeps one step of context on each side of a folded middle run', () => {
    expect(render('~======~')).toEqual([0, 1, '2-6', 6, 7]);
  });

  it('folds a trailing run after its context step', () => {
    expect(render('~-=====')).toEqual([0, 1, 2, '3-7']);
  });

  it('shows short runs and different sequences as they are', () => {
    expect(render('==~==~')).toEqual([0, 1, 2, 3, 4, 5]);
    expect(render('~-~')).toEqual([0, 1, 2]);
    expect(render('')).toEqual([]);
  });

  it('folds a fully identical pair into one row, and unfolds a run on request', () => {
    expect(render('=====')).toEqual(['0-5']);
    expect(render('=====~', [0])).toEqual([0, 1, 2, 3, 4, 5]);
    expect(render('~======~', [2])).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});
