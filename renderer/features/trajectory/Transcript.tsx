// The transcript with its toolbar: in-trajectory search and the failure-signal jump above the
// virtualized turn list, and scrolling to a turn on request (deep link, labeling panel).
import Box from '@mui/material/Box';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SegmentCredit } from '../../../shared/api-credit';
import type { Turn } from '../../../shared/model';
import { useApi } from '../../api/useApi';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { FailureJump } from './FailureJump';
import { TrajectorySearch } from './TrajectorySearch';
import { TurnList, type ScrollRequest } from '../../transcript/TurnList';
import { useTranscriptKeys } from './useTranscriptKeys';
import { useTrajectorySearch } from './useTrajectorySearch';

type Props = {
  trajectoryId: string;
  turns: Turn[];
  /** Scroll to this turn when it is set or changes (deep link, labeling panel). */
  goTo?: ScrollRequest | null;
  /** Segment markers by first turn (from the page, which also maps labeling reveals). */
  markers?: ReadonlyMap<number, SegmentCredit>;
};

const NO_MARKERS: ReadonlyMap<number, SegmentCredit> = new Map();

const step = (position: number | null, delta: 1 | -1, count: number) =>
  position === null ? (delta === 1 ? 0 : count - 1) : (position + delta + count) % count;

export function Transcript({ trajectoryId, turns, goTo = null, markers = NO_MARKERS }: Props) {
  const [scrollRequest, setScrollRequest] = useState<ScrollRequest | null>(goTo);
  const [activeTurn, setActiveTurn] = useState<number | null>(null);
  const seq = useRef(goTo?.seq ?? 0);
  const scrollTo = useCallback((turn: number, active: boolean) => {
    seq.current += 1;
    setScrollRequest({ turn, seq: seq.current });
    setActiveTurn(active ? turn : null);
  }, []);
  useEffect(() => {
    if (goTo !== null) scrollTo(goTo.turn, false);
  }, [goTo, scrollTo]);

  const [query, setQuery] = useState('');
  const searched = useDebouncedValue(query.trim(), 250);
  const search = useTrajectorySearch(trajectoryId, searched);
  const matches = search.data?.turn_indexes;
  // The position among the matches it was set for; new results start at the first match.
  const [searchAt, setSearchAt] = useState<{ matches: number[]; position: number } | null>(null);
  const searchPosition =
    matches === undefined || matches.length === 0
      ? null
      : searchAt?.matches === matches
        ? searchAt.position
        : 0;
  const searchInput = useRef<HTMLInputElement>(null);
  // New results: go to the first match, as a browser's find does.
  useEffect(() => {
    const first = matches?.[0];
    if (first !== undefined) scrollTo(first, true);
  }, [matches, scrollTo]);
  const moveSearch = (delta: 1 | -1) => {
    if (matches === undefined || matches.length === 0) return;
    const next = step(searchPosition, delta, matches.length);
    setSearchAt({ matches, position: next });
    scrollTo(matches[next] ?? 0, true);
  };

  // Failure signals include regression labels: a label write refreshes them (shared/label-reads.ts).
  const failures = useApi(
    'getFailureSignals',
    { trajectory_id: trajectoryId },
    { keepPrevious: true },
  );
  const signals = failures.data?.signals;
  const [failurePosition, setFailurePosition] = useState<number | null>(null);
  const moveFailure = (delta: 1 | -1) => {
    if (signals === undefined || signals.length === 0) return;
    const next = step(failurePosition, delta, signals.length);
    setFailurePosition(next);
    scrollTo(signals[next]?.turn_index ?? 0, true);
  };

  useTranscriptKeys({
    nextFailure: moveFailure,
    focusSearch: () => searchInput.current?.focus(),
  });

  return (
    <Box sx={{ minWidth: 0 }}>
      <Box
        data-testid="transcript-toolbar"
        sx={{
          position: 'sticky',
          top: 48,
          zIndex: 2,
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'wrap',
          gap: 1,
          py: 1,
          mb: 1,
          bgcolor: 'background.default',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <TrajectorySearch
          query={query}
          onQuery={setQuery}
          matches={matches}
          truncated={search.data?.truncated ?? false}
          position={searchPosition}
          onMove={moveSearch}
          inputRef={searchInput}
          error={search.error === undefined ? null : `search failed: ${search.error.message}`}
        />
        <FailureJump signals={signals} position={failurePosition} onMove={moveFailure} />
      </Box>
      <TurnList
        trajectoryId={trajectoryId}
        turns={turns}
        scrollRequest={scrollRequest}
        markers={markers}
        highlight={searched}
        activeTurn={activeTurn}
      />
    </Box>
  );
}
