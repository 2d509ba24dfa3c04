// The transcript, virtualized: only the cards in view (plus an overscan) are in the DOM, so a
// 2,000-turn trajectory opens at once. Each segment's first turn carries its marker band.
import Typography from '@mui/material/Typography';
import { useCallback, useEffect } from 'react';
import type { SegmentCredit } from '../../../shared/api-credit';
import type { Turn } from '../../../shared/model';
import { SegmentMarker } from './SegmentMarker';
import { TurnCard } from './TurnCard';
import { TurnListRoot } from './turn-styles';
import { useVirtualTurns } from './useVirtualTurns';
import { estimateTurnHeight } from './virtual-turns';

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
  const { listRef, measure, scrollToIndex, first, last, padTop, padBottom } = useVirtualTurns(
    turns.length,
    estimate,
  );

  useEffect(() => {
    if (scrollRequest === null) return;
    const index = turns.findIndex((t) => t.turn_index >= scrollRequest.turn);
    scrollToIndex(index === -1 ? turns.length - 1 : index);
    // Only a new request scrolls; scrollToIndex changes as heights are measured.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scrollRequest, turns]);

  useEffect(() => {
    if (revealTurn === null) return;
    const index = turns.findIndex((t) => t.turn_index >= revealTurn);
    scrollToIndex(index === -1 ? turns.length - 1 : index);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revealTurn, turns]);

  const shown = turns.slice(first, last);
  return (
    <TurnListRoot ref={listRef} data-testid="turn-list" data-turn-count={turns.length}>
      <div style={{ height: padTop }} />
      {shown.map((turn, i) => {
        const marker = markers.get(turn.turn_index);
        return (
          <div key={turn.turn_index} data-index={first + i} ref={measure} className="tw-item">
            {marker !== undefined && <SegmentMarker segment={marker} />}
            <TurnCard
              trajectoryId={trajectoryId}
              turn={turn}
              highlight={highlight}
              active={turn.turn_index === activeTurn}
            />
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
