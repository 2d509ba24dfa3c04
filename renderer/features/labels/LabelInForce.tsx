// The selected segment's label in force (role, full source, rationale) and its label history.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { LabelEvent, LabeledSegment } from '../../../shared/api-labels';
import { roleInfo } from '../../components/role-labels';
import { turnRange } from './SegmentRow';
import { stepName } from '../../components/step-names';

const HISTORY_SHOWN = 5;

export function LabelInForce({
  segment,
  events,
}: {
  segment: LabeledSegment;
  events: LabelEvent[];
}) {
  const label = segment.label;
  const history = events
    .filter((event) => event.segment_index === segment.segment_index)
    .reverse()
    .slice(0, HISTORY_SHOWN);
  return (
    <Box data-testid="label-in-force" sx={{ fontSize: 13 }}>
      <Typography variant="subtitle2" component="h3">
        {stepName(segment.segment_index)} · {turnRange(segment)}
      </Typography>
      {label === null ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No label yet. Press 1–4 to set one.
        </Typography>
      ) : (
        <Typography variant="body2" component="div">
          In force: <b>{roleInfo(label.role_label).name}</b> from <code>{label.source}</code>
          {label.rationale !== null && (
            <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
              “{label.rationale}”
            </Box>
          )}
        </Typography>
      )}
      {history.length > 0 && (
        <Box component="ul" aria-label="Label history" sx={{ m: 0, mt: 0.5, pl: 2 }}>
          {history.map((event) => (
            <Typography
              component="li"
              variant="caption"
              key={event.label_id}
              sx={{ color: 'text.secondary' }}
            >
              {new Date(event.created_at).toLocaleString()} · {roleInfo(event.role_label).name} ·{' '}
              {event.source}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
