// The current queue item: why it is in the queue, the label put up for approval, where its
// decision stands, the decision buttons (each with its key), the note, the other signals, and the
// segment in its trajectory.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
import type { ReviewQueueItem } from '../../../shared/api-review';
import type { RoleLabel } from '../../../shared/model';
import { AppLink } from '../../components/AppLink';
import { hrefFor } from '../../routing/routes';
import { MONO_FONT } from '../../theme/theme';
import { ROLE_INFOS, roleInfo } from '../../components/role-labels';
import { ReviewContext } from './ReviewContext';
import { ReviewDecision } from './ReviewDecision';
import { ReviewEvidence } from './ReviewEvidence';
import { readEvidence } from './review-evidence';
import { RULE_NAMES } from './review-labels';
import { stepName } from '../../components/step-names';

type Props = {
  item: ReviewQueueItem;
  onApprove: () => void;
  onReject: () => void;
  onRelabel: (role: RoleLabel) => void;
  onUndo: () => void;
  /** The note field, when open. */
  note: ReactNode;
};

/** The trajectory view at the item's segment (its first turn), or at the top. */
export function itemHref(item: ReviewQueueItem): string {
  const start = readEvidence(item.evidence).turn_start;
  return hrefFor({
    name: 'trajectory',
    id: item.trajectory_id,
    ...(start == null ? {} : { turn: start }),
  });
}

export function ReviewItemPanel({ item, onApprove, onReject, onRelabel, onUndo, note }: Props) {
  const evidence = readEvidence(item.evidence);
  const range =
    evidence.turn_start == null
      ? null
      : { start: evidence.turn_start, end: evidence.turn_end ?? evidence.turn_start };
  const proposed = item.proposed === null ? null : roleInfo(item.proposed);
  // A new item (auto-advance, j/k) starts at its reason, not wherever the last one was scrolled.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = panel.current;
    if (element !== null && element.getBoundingClientRect().top < 0)
      element.scrollIntoView({ block: 'start' });
  }, [item.item_id]);
  return (
    <Paper
      ref={panel}
      component="section"
      aria-label="Review item"
      data-testid="review-item"
      data-item-id={item.item_id}
      data-status={item.status}
      sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0, scrollMarginTop: 64 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip label={RULE_NAMES[item.rule]} size="small" data-testid="review-rule" />
        <Typography
          variant="subtitle1"
          component="h2"
          sx={{ fontFamily: MONO_FONT, fontSize: 14, flex: 1, minWidth: 0 }}
          noWrap
          title={item.trajectory_id}
        >
          {item.trajectory_id}
          {item.segment_index === null
            ? ' · whole trajectory'
            : ` · ${stepName(item.segment_index)}`}
          {range !== null &&
            ` · ${range.start === range.end ? `turn ${range.start}` : `turns ${range.start}–${range.end}`}`}
        </Typography>
        <AppLink href={itemHref(item)} data-testid="review-open-trajectory">
          Open in trajectory (o)
        </AppLink>
      </Box>
      <Typography variant="body1" data-testid="review-reason" sx={{ whiteSpace: 'pre-wrap' }}>
        {item.reason}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', lineHeight: '32px' }}>
          Proposed
        </Typography>
        {proposed === null ? (
          <Typography variant="body2" sx={{ color: 'text.disabled', lineHeight: '32px' }}>
            nothing (choose a label with 1–4)
          </Typography>
        ) : (
          <Chip
            color={proposed.color}
            label={proposed.name}
            data-testid="review-proposed"
            data-role-label={proposed.role}
            sx={{ fontWeight: 600 }}
          />
        )}
        <Box sx={{ flex: 1, minWidth: 260 }}>
          <ReviewDecision item={item} onUndo={onUndo} />
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="group" aria-label="Decide">
        <Button
          variant="contained"
          color="success"
          onClick={onApprove}
          disabled={item.proposed === null}
          aria-keyshortcuts="a"
          data-testid="review-approve"
        >
          Approve (a)
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          onClick={onReject}
          aria-keyshortcuts="r"
          data-testid="review-reject"
        >
          Reject (r)
        </Button>
        {ROLE_INFOS.map((info) => (
          <Button
            key={info.role}
            size="small"
            variant={item.decided_label === info.role ? 'contained' : 'outlined'}
            color={info.color === 'default' ? 'inherit' : info.color}
            onClick={() => onRelabel(info.role)}
            aria-keyshortcuts={info.key}
            sx={{ textTransform: 'none' }}
          >
            {info.key} · {info.name}
          </Button>
        ))}
      </Box>
      {note}
      <Divider />
      <ReviewEvidence evidence={evidence} />
      <Divider />
      <ReviewContext trajectoryId={item.trajectory_id} range={range} />
    </Paper>
  );
}
