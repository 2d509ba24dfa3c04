// One queue item in the list: its rule, trajectory and step, proposed label and status.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import type { ReviewQueueItem } from '../../../shared/api-review';
import { MONO_FONT } from '../../theme/theme';
import { roleInfo } from '../../components/role-labels';
import { RULE_NAMES, STATUS_COLORS } from './review-labels';
import { stepName } from '../../components/step-names';

export const QUEUE_ROW_HEIGHT = 64;

type Props = {
  item: ReviewQueueItem;
  index: number;
  selected: boolean;
  onSelect: (index: number) => void;
};

export const ReviewQueueRow = memo(function ReviewQueueRow({
  item,
  index,
  selected,
  onSelect,
}: Props) {
  const label = item.decided_label ?? item.proposed;
  return (
    <Box
      role="listitem"
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(index)}
      data-testid="review-queue-row"
      data-item-id={item.item_id}
      data-status={item.status}
      data-rule={item.rule}
      sx={{
        position: 'absolute',
        top: index * QUEUE_ROW_HEIGHT,
        left: 0,
        right: 0,
        height: QUEUE_ROW_HEIGHT,
        px: 1.5,
        py: 0.75,
        cursor: 'pointer',
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: selected ? 'action.selected' : undefined,
        borderLeft: 3,
        borderLeftColor: selected ? 'primary.main' : 'transparent',
        '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary', flex: 1 }} noWrap>
          {RULE_NAMES[item.rule]}
        </Typography>
        <Chip
          size="small"
          label={item.status}
          color={STATUS_COLORS[item.status]}
          variant={item.status === 'pending' ? 'outlined' : 'filled'}
          sx={{ height: 18, fontSize: 11 }}
        />
      </Box>
      <Typography
        variant="body2"
        noWrap
        title={item.trajectory_id}
        sx={{ fontFamily: MONO_FONT, fontSize: 12 }}
      >
        {item.trajectory_id}
        {item.segment_index === null ? '' : ` · ${stepName(item.segment_index)}`}
      </Typography>
      <Typography variant="caption" noWrap sx={{ color: 'text.secondary', display: 'block' }}>
        {label === null ? 'no proposal' : roleInfo(label).name}
        {item.status === 'relabeled' && item.proposed !== null
          ? ` (was ${roleInfo(item.proposed).name})`
          : ''}
      </Typography>
    </Box>
  );
});
