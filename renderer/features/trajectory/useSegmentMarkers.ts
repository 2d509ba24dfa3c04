// The segments to mark in the transcript, by their first turn: role label in force and credit
// total, both from getTrajectoryCredit (which computes the segments on first use).
import { useMemo } from 'react';
import type { SegmentCredit } from '../../../shared/api-credit';
import { useApi } from '../../api/useApi';

/**
 * No segmentation (the trajectory not loaded yet) holds the request until the turns have loaded: the engine answers one request at a
 * time, and the turns come first. A label write refreshes it (shared/label-reads.ts).
 */
export function useSegmentMarkers(
  trajectoryId: string,
  segmentation: string | undefined,
): ReadonlyMap<number, SegmentCredit> {
  const credit = useApi(
    'getTrajectoryCredit',
    { trajectory_id: trajectoryId, segmentation: segmentation ?? 'action' },
    { keepPrevious: true, enabled: segmentation !== undefined },
  );
  return useMemo(
    () => new Map((credit.data?.segments ?? []).map((s) => [s.turn_start, s] as const)),
    [credit.data],
  );
}
