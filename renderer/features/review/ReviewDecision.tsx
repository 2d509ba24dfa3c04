// Where the item stands: the decision in force (who, when, what, note) with an undo, and every
// decision event of the item, oldest first.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReviewQueueItem } from '../../../shared/api-review';
import { useApi } from '../../api/useApi';
import { formatDateTime } from '../../components/format';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { roleInfo } from '../../components/role-labels';
import { SETTLE_MS } from './ReviewContext';
import { STATUS_COLORS } from './review-labels';

type Props = { item: ReviewQueueItem; onUndo: () => void };

export function ReviewDecision({ item, onUndo }: Props) {
  // As the context: only once the item has been shown for a moment.
  const settled = useDebouncedValue(item.item_id, SETTLE_MS);
  const events = useApi(
    'listReviewEvents',
    { item_id: settled },
    { enabled: settled === item.item_id },
  );
  const log = events.data?.events ?? [];
  // A decision or undo refreshes the log (useReviewDecisions invalidates listReviewEvents).
  const stamp = `${item.status}|${item.decided_at ?? ''}`;
  return (
    <Box data-testid="review-decision" data-status={item.status} data-stamp={stamp}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip
          label={item.status}
          color={STATUS_COLORS[item.status]}
          variant={item.status === 'pending' ? 'outlined' : 'filled'}
          data-testid="review-status"
        />
        {item.decided_label !== null && (
          <Typography variant="body2">as {roleInfo(item.decided_label).name}</Typography>
        )}
        {item.decided_by !== null && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="review-by">
            by {item.decided_by}, {formatDateTime(item.decided_at)}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        {item.status !== 'pending' && (
          <Button size="small" onClick={onUndo} aria-keyshortcuts="u" data-testid="review-undo">
            Undo (u)
          </Button>
        )}
      </Box>
      {item.note !== null && (
        <Typography
          variant="body2"
          data-testid="review-note"
          sx={{ whiteSpace: 'pre-wrap', mt: 0.5, fontStyle: 'italic' }}
        >
          “{item.note}”
        </Typography>
      )}
      {log.length > 0 && (
        <Box component="ol" sx={{ m: 0, mt: 0.5, pl: 2.5 }} data-testid="review-events">
          {log.map((event, i) => (
            <Typography
              component="li"
              variant="caption"
              key={`${event.decided_at}-${i}`}
              sx={{ color: 'text.secondary' }}
            >
              {formatDateTime(event.decided_at)} · {event.decided_by}: {event.status}
              {event.decided_label === null ? '' : ` ${event.decided_label}`}
              {event.note === null ? '' : ` — ${event.note}`}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
