// The aligned rows: A on the left, B on the right, the same step on the same row. Identical runs
// fold; the first divergence is outlined and scrolled into view once the rows are on screen.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Turn } from '../../../shared/model';
import type { AlignedRow, TurnAlignment } from '../../../shared/trajectory-alignment';
import { formatCount } from '../../components/format';
import { diffItems } from './diff-items';
import { DiffTableRoot } from './diff-styles';
import { DiffTurnCell } from './DiffTurnCell';
import { turnCardClasses } from '../../transcript/turn-card-styles';
import { diffRowClass, diffTableClasses } from './diff-table-styles';

const c = diffTableClasses;

/** `label` names the side in the sticky column heads (id, outcome, reward). */
type Side = { id: string; label: string; turns: Turn[] };
type Props = { a: Side; b: Side; alignment: TurnAlignment; jumpNonce: number };

/** Rows rendered at first (and per "show more"): long runs stay quick to open. */
const BATCH = 200;

const GUTTER: Record<AlignedRow['kind'], { mark: string; title: string }> = {
  same: { mark: '=', title: 'Identical step' },
  changed: { mark: '≠', title: 'Same role, different step' },
  only_a: { mark: '◂', title: 'Only in A' },
  only_b: { mark: '▸', title: 'Only in B' },
};

export function DiffTable({ a, b, alignment, jumpNonce }: Props) {
  const [unfolded, setUnfolded] = useState<ReadonlySet<number>>(new Set());
  const items = useMemo(() => diffItems(alignment.rows, unfolded), [alignment.rows, unfolded]);
  const firstRef = useRef<HTMLDivElement>(null);
  const first = alignment.first_divergence;
  const [limit, setLimit] = useState(BATCH);
  // The first divergence is always rendered, with some rows after it.
  const firstItem = items.findIndex((item) => item.type === 'row' && item.index === first);
  const shown = Math.max(limit, firstItem + BATCH / 2);

  useEffect(() => {
    const element = firstRef.current;
    if (element !== null && typeof element.scrollIntoView === 'function') {
      element.scrollIntoView({ block: 'start' });
    }
  }, [first, jumpNonce]);

  return (
    <DiffTableRoot data-testid="diff-table">
      {/* Which column is which stays in view while the rows scroll (below the 48px app bar). */}
      <div className={`${c.row} ${c.columns}`}>
        <span className={turnCardClasses.mono}>A · {a.label}</span>
        <span />
        <span className={turnCardClasses.mono}>B · {b.label}</span>
      </div>
      {items.slice(0, shown).map((item) => {
        if (item.type === 'folded') {
          const n = item.end - item.start;
          return (
            <button
              key={`fold-${item.start}`}
              type="button"
              className={c.fold}
              data-testid="diff-fold"
              onClick={() => setUnfolded((s) => new Set(s).add(item.start))}
            >
              ▸ {formatCount(n)} identical steps
            </button>
          );
        }
        const row = alignment.rows[item.index];
        if (row === undefined) return null;
        const isFirst = item.index === first;
        const gutter = GUTTER[row.kind];
        return (
          <div
            key={item.index}
            ref={isFirst ? firstRef : undefined}
            className={`${c.row} ${diffRowClass(row.kind)}${isFirst ? ` ${c.first}` : ''}`}
            data-testid={isFirst ? 'diff-first-divergence' : 'diff-row'}
            data-kind={row.kind}
            data-row={item.index}
          >
            {isFirst && <div className={c.firstLabel}>First divergence</div>}
            <DiffTurnCell
              trajectoryId={a.id}
              turn={row.a === null ? undefined : a.turns[row.a]}
              side="A"
            />
            <div className={c.gutter} title={gutter.title} aria-label={gutter.title}>
              {gutter.mark}
            </div>
            <DiffTurnCell
              trajectoryId={b.id}
              turn={row.b === null ? undefined : b.turns[row.b]}
              side="B"
            />
          </div>
        );
      })}
      {items.length > shown && (
        <button type="button" className={c.fold} onClick={() => setLimit(shown + BATCH)}>
          Show {formatCount(Math.min(BATCH, items.length - shown))} more rows (
          {formatCount(items.length - shown)} left)
        </button>
      )}
    </DiffTableRoot>
  );
}
