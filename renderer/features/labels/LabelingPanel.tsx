// Step labels for the trajectory view: the segments with their labels in force, set by keyboard
// (j/k move, 1-4 set a role, r edits the rationale) or by clicking. Every label is saved at once
// as an append-only event; the label in force follows human > judge > heuristic.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import type { RoleLabel } from '../../../shared/model';
import { ErrorAlert } from '../../components/ErrorAlert';
import { labelSourceKind } from '../../../shared/api-labels';
import { LabelInForce } from './LabelInForce';
import { RationaleBox } from './RationaleBox';
import { ROLE_INFOS } from '../../components/role-labels';
import { SegmentHighlight } from './SegmentHighlight';
import { SegmentRow } from './SegmentRow';
import { useLabelingKeys } from './useLabelingKeys';
import { useSegmentLabels } from './useSegmentLabels';

type Props = {
  trajectoryId: string;
  /** The dataset's segmentation (chosen on its page): what a step is. */
  segmentation: string;
  /** Asks the turn list to render a turn (it may be past the batches shown) before scrolling. */
  onRevealTurn?: (turnIndex: number) => void;
};

export function LabelingPanel({ trajectoryId, segmentation, onRevealTurn }: Props) {
  const labels = useSegmentLabels(trajectoryId, segmentation);
  const segments = labels.segments;
  const [selected, setSelected] = useState<number | null>(null);
  const [draft, setDraft] = useState('');
  const [hint, setHint] = useState<string | null>(null);
  const rationaleRef = useRef<HTMLInputElement>(null);
  const current = selected === null ? undefined : segments?.[selected];

  const select = (position: number) => {
    const segment = segments?.[position];
    if (segment === undefined) return;
    setSelected(position);
    // A human's rationale is kept for editing; a machine's is not copied into a human label.
    const label = segment.label;
    setDraft(
      label !== null && labelSourceKind(label.source) === 'human' ? (label.rationale ?? '') : '',
    );
    setHint(null);
    onRevealTurn?.(segment.turn_end);
    // After the render that shows the turn.
    window.setTimeout(() => {
      document.getElementById(`turn-${segment.turn_start}`)?.scrollIntoView({ block: 'start' });
      document
        .getElementById(`segment-row-${segment.segment_index}`)
        ?.scrollIntoView({ block: 'nearest' });
    }, 0);
  };

  const move = (delta: 1 | -1) => {
    if (segments === undefined || segments.length === 0) return;
    select(selected === null ? 0 : Math.min(segments.length - 1, Math.max(0, selected + delta)));
  };

  const setRole = (role: RoleLabel) => {
    if (current === undefined) {
      setHint('Select a segment first (j/k or a click)');
      return;
    }
    setHint(null);
    labels.setLabel(current.segment_index, role, draft.trim() === '' ? undefined : draft);
  };

  const saveRationale = () => {
    if (current === undefined) return;
    if (current.label === null) {
      setHint('Choose a role first: keys 1–4');
      return;
    }
    labels.setLabel(current.segment_index, current.label.role_label, draft);
    rationaleRef.current?.blur();
  };

  const editRationale = () => {
    if (current === undefined) move(1);
    // The box is enabled once a segment is selected; focus it after that render.
    window.setTimeout(() => rationaleRef.current?.focus(), 0);
  };

  useLabelingKeys({ move, setRole, editRationale });

  const labeled = segments?.filter((s) => s.label !== null).length ?? 0;
  return (
    <Paper
      component="section"
      aria-label="Step labels"
      data-testid="labeling-panel"
      sx={{ display: 'flex', flexDirection: 'column', p: 1.5, gap: 1 }}
    >
      <SegmentHighlight segment={current} />
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1 }}>
          Step labels
        </Typography>
        {segments !== undefined && (
          <Typography
            variant="caption"
            sx={{ color: 'text.secondary' }}
            data-testid="labeled-count"
          >
            {labeled}/{segments.length} labeled
          </Typography>
        )}
      </Box>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>1</kbd>–<kbd>4</kbd> set role · <kbd>r</kbd> rationale
      </Typography>
      {labels.loadError !== undefined ? (
        <ErrorAlert
          error={labels.loadError}
          title="Could not load the segments"
          onRetry={labels.reload}
        />
      ) : segments === undefined ? (
        [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={56} />)
      ) : segments.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          This trajectory has no actions, so there is nothing to label.
        </Typography>
      ) : (
        <>
          <List dense aria-label="Segments" sx={{ overflowY: 'auto', maxHeight: '45vh', py: 0 }}>
            {segments.map((segment, position) => (
              <SegmentRow
                key={segment.segment_index}
                segment={segment}
                selected={position === selected}
                onSelect={() => select(position)}
              />
            ))}
          </List>
          <Divider />
          <Box
            role="group"
            aria-label="Set the role"
            sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 0.5 }}
          >
            {ROLE_INFOS.map((info) => (
              <Button
                key={info.role}
                size="small"
                variant={current?.label?.role_label === info.role ? 'contained' : 'outlined'}
                color={info.color === 'default' ? 'inherit' : info.color}
                disabled={current === undefined}
                onClick={() => setRole(info.role)}
                aria-keyshortcuts={info.key}
                sx={{ justifyContent: 'flex-start', textTransform: 'none' }}
              >
                {info.key} · {info.name}
              </Button>
            ))}
          </Box>
          <RationaleBox
            inputRef={rationaleRef}
            segmentIndex={current?.segment_index ?? null}
            value={draft}
            onChange={setDraft}
            onSave={saveRationale}
            hint={hint}
          />
          {current !== undefined && <LabelInForce segment={current} events={labels.events} />}
        </>
      )}
      {labels.saveError !== null && (
        <ErrorAlert error={labels.saveError} title="Could not save the label; it was rolled back" />
      )}
    </Paper>
  );
}
