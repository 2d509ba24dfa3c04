// One segment in the labeling list: index and turn range, the action's summary, and its label.
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import type { LabeledSegment } from '../../../shared/api-labels';
import { MONO_FONT } from '../../theme/theme';
import { LabelChip } from './LabelChip';
import { PENDING_LABEL_ID } from './useSegmentLabels';
import { stepName, turnSpanName } from '../../components/step-names';

type Props = {
  segment: LabeledSegment;
  selected: boolean;
  onSelect: () => void;
};

export function turnRange(segment: LabeledSegment): string {
  return turnSpanName(segment.turn_start, segment.turn_end);
}

export function SegmentRow({ segment, selected, onSelect }: Props) {
  const label = segment.label;
  return (
    <ListItemButton
      selected={selected}
      aria-current={selected ? 'step' : undefined}
      onClick={onSelect}
      id={`segment-row-${segment.segment_index}`}
      data-testid="segment-row"
      data-segment-index={segment.segment_index}
      data-role-label={label?.role_label ?? ''}
      data-source={label?.source ?? ''}
      data-pending={label?.label_id === PENDING_LABEL_ID ? 'true' : undefined}
      sx={{ display: 'block', py: 0.75, borderRadius: 1 }}
    >
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {stepName(segment.segment_index)} · {turnRange(segment)}
      </Typography>
      <Typography
        variant="body2"
        title={segment.action}
        sx={{
          fontFamily: MONO_FONT,
          fontSize: 12,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          mb: 0.5,
        }}
      >
        {segment.action}
      </Typography>
      {label === null ? (
        <Typography variant="caption" sx={{ color: 'text.disabled', fontStyle: 'italic' }}>
          unlabeled
        </Typography>
      ) : (
        <LabelChip label={label} pending={label.label_id === PENDING_LABEL_ID} />
      )}
    </ListItemButton>
  );
}
