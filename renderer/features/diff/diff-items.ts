// Which aligned rows the diff shows: runs of identical steps fold into one "N identical steps"
// row, keeping a step of context next to each difference, unless the user unfolded that run.
import type { AlignedRow } from '../../../shared/trajectory-alignment';

export type DiffItem =
  | { type: 'row'; index: number }
  /** Rows [start, end) hidden behind one row; `start` also keys the run's unfolded state. */
  | { type: 'folded'; start: number; end: number };

/** Shorter runs are shown as they are: a fold row would save little. */
export const MIN_FOLDED = 3;
const CONTEXT = 1;

export function diffItems(rows: readonly AlignedRow[], unfolded: ReadonlySet<number>): DiffItem[] {
  const items: DiffItem[] = [];
  let k = 0;
  while (k < rows.length) {
    if (rows[k]?.kind !== 'same') {
      items.push({ type: 'row', index: k });
      k += 1;
      continue;
    }
    let end = k;
    while (end < rows.length && rows[end]?.kind === 'same') end += 1;
    // Context only where the run touches a difference.
    const start = k > 0 ? k + CONTEXT : k;
    const stop = end < rows.length ? end - CONTEXT : end;
    const foldable = stop - start >= MIN_FOLDED && !unfolded.has(start);
    for (let i = k; i < end; i += 1) {
      if (foldable && i === start) {
        items.push({ type: 'folded', start, end: stop });
        i = stop - 1;
      } else {
        items.push({ type: 'row', index: i });
      }
    }
    k = end;
  }
  return items;
}
