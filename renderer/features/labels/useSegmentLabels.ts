// A trajectory's segments and labels for the labeling panel. Setting a label shows it at once
// (optimistic) and saves it with setLabel; if saving fails the segment goes back to its last saved
// label and the error is kept for display.
import { useCallback, useRef, useState } from 'react';
import type { LabelEvent, LabeledSegment } from '../../../shared/api-labels';
import type { RoleLabel } from '../../../shared/model';
import type { ApiError } from '../../../shared/result';
import { useApi } from '../../api/useApi';
import { useApiWrite } from '../../api/useApiWrite';
import { useAnnotator } from '../../hooks/useAnnotator';

export const PENDING_LABEL_ID = 'pending';

export interface SegmentLabels {
  segments: LabeledSegment[] | undefined;
  events: LabelEvent[];
  loadError: ApiError | undefined;
  reload: () => void;
  saveError: ApiError | null;
  clearSaveError: () => void;
  setLabel: (segmentIndex: number, role: RoleLabel, rationale?: string) => void;
}

export function useSegmentLabels(trajectoryId: string, segmentation = 'action'): SegmentLabels {
  const write = useApiWrite();
  // Labels carry the name set once in the app (the top bar's annotator control).
  const [annotator] = useAnnotator();
  const loaded = useApi('getSegments', { trajectory_id: trajectoryId, segmentation });
  // Labels set here, over the loaded ones: the optimistic or saved label per segment.
  const [overrides, setOverrides] = useState<ReadonlyMap<number, LabelEvent | null>>(new Map());
  const [added, setAdded] = useState<LabelEvent[]>([]);
  const [saveError, setSaveError] = useState<ApiError | null>(null);
  // Per segment: the newest request issued, and the last label the server confirmed.
  const latest = useRef(new Map<number, number>());
  const confirmed = useRef(new Map<number, LabelEvent | null>());
  const sequence = useRef(0);

  const baseSegments = loaded.data?.segments;
  const segments = baseSegments?.map((segment) =>
    overrides.has(segment.segment_index)
      ? { ...segment, label: overrides.get(segment.segment_index) ?? null }
      : segment,
  );

  const setLabel = useCallback(
    (segmentIndex: number, role: RoleLabel, rationale?: string) => {
      setSaveError(null);
      const request = ++sequence.current;
      latest.current.set(segmentIndex, request);
      if (!confirmed.current.has(segmentIndex)) {
        const original = baseSegments?.find((s) => s.segment_index === segmentIndex)?.label;
        confirmed.current.set(segmentIndex, original ?? null);
      }
      const show = (label: LabelEvent | null) =>
        setOverrides((current) => new Map(current).set(segmentIndex, label));
      show({
        label_id: PENDING_LABEL_ID,
        trajectory_id: trajectoryId,
        segment_index: segmentIndex,
        segmentation,
        role_label: role,
        source: `human:${annotator}`,
        rationale: rationale?.trim() || null,
        confidence: null,
        created_at: new Date().toISOString(),
      });
      const input = { trajectory_id: trajectoryId, segment_index: segmentIndex, segmentation };
      // The write refreshes the reads that depend on labels (shared/label-reads.ts); not
      // getSegments: the saved label is already shown here, over the loaded ones.
      void write('setLabel', {
        ...input,
        role_label: role,
        annotator,
        ...(rationale === undefined ? {} : { rationale }),
      }).then((result) => {
        const newest = latest.current.get(segmentIndex) === request;
        if (result.ok) {
          confirmed.current.set(segmentIndex, result.value);
          setAdded((events) => [...events, result.value]);
          if (newest) show(result.value);
          return;
        }
        setSaveError(result.error);
        if (newest) show(confirmed.current.get(segmentIndex) ?? null);
      });
    },
    [annotator, baseSegments, segmentation, trajectoryId, write],
  );

  return {
    segments,
    events: [...(loaded.data?.events ?? []), ...added],
    loadError: loaded.error,
    reload: loaded.reload,
    saveError,
    clearSaveError: useCallback(() => setSaveError(null), []),
    setLabel,
  };
}
