// The transcript, virtualized: only the cards in view (plus an overscan) are in the DOM, so a
// 2,000-turn trajectory opens at once. Each segment's first turn carries its marker band, and
// each card its own error boundary, so one turn that fails to render leaves the others shown.
import Typography from '@mui/material/Typography';
import { useCallback, useEffect } from 'react';
import type { SegmentCredit } from '../../shared/api-credit';
import type { Turn } from '../../shared/model';
import { SegmentMarker } from './SegmentMarker';
import { TurnCard } from './TurnCard';
import { TurnErrorBoundary } from './TurnErrorBoundary';
import { TurnListRoot, turnListClasses } from './turn-styles';
import { estimateTurnHeight } from './turn-height';
import { useTurnVirtualizer } from './useTurnVirtualizer';

/** Asks the list to scroll to a turn; a new seq repeats the request for the same turn. */
export type ScrollRequest = { turn: number; seq: number };

const MARKER_HEIGHT = 30;

type Props = {
  trajectoryId: string;
  turns: Turn[];
  scrollRequest?: ScrollRequest | null;
  /** A turn to bring into view whenever it changes (as a scroll request without a seq). */
  revealTurn?: number | null;
  /** Segment markers by their first turn. */
  markers?: ReadonlyMap<number, SegmentCredit>;
  /** Marked in the visible text of every card (in-trajectory search). */
  highlight?: string;
  /** The turn the search or failure jump is on. */
  activeTurn?: number | null;
};

const NO_MARKERS: ReadonlyMap<number, SegmentCredit> = new Map();

export function TurnList({
  trajectoryId,
  turns,
  scrollRequest = null,
  revealTurn = null,
  markers = NO_MARKERS,
  highlight = '',
  activeTurn = null,
}: Props) {
  const estimate = useCallback(
    (i: number) => {
      const turn = turns[i];
      if (turn === undefined) return 0;
      return estimateTurnHeight(turn) + (markers.has(turn.turn_index) ? MARKER_HEIGHT : 0);
    },
    [turns, markers],
  );
  const keyOf = useCallback((i: number) => turns[i]?.turn_index ?? i, [turns]);
  const { listRef, measureElement, scrollToIndex, items, padTop, padBottom } = useTurnVirtualizer(
    turns.length,
    estimate,
    keyOf,
  );
  const scrollToTurn = useCallback(
    (turnIndex: number) => {
      const index = turns.findIndex((t) => t.turn_index >= turnIndex);
      scrollToIndex(index === -1 ? turns.length - 1 : index);
    },
    [turns, scrollToIndex],
  );
  useEffect(() => {
    if (scrollRequest !== null) scrollToTurn(scrollRequest.turn);
  }, [scrollRequest, scrollToTurn]);
  useEffect(() => {
    if (revealTurn !== null) scrollToTurn(revealTurn);
  }, [revealTurn, scrollToTurn]);

  return (
    <TurnListRoot ref={listRef} data-testid="turn-list" data-turn-count={turns.length}>
      <div style={{ height: padTop }} />
      {items.map((item) => {
        const turn = turns[item.index];
        if (turn === undefined) return null;
        const marker = markers.get(turn.turn_index);
        return (
          <div
            key={item.key}
            data-index={item.index}
            ref={measureElement}
            className={turnListClasses.item}
          >
            {marker !== undefined && <SegmentMarker segment={marker} />}
            <TurnErrorBoundary turn={turn}>
              <TurnCard
                trajectoryId={trajectoryId}
                turn={turn}
                highlight={highlight}
                active={turn.turn_index === activeTurn}
              />
            </TurnErrorBoundary>
          </div>
        );
      })}
      <div style={{ height: padBottom }} />
      {turns.length === 0 && (
        <Typography sx={{ color: 'text.secondary', py: 2 }}>
          This trajectory has no turns.
        </Typography>
      )}
    </TurnListRoot>
  );
}
