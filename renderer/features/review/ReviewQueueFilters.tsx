// The queue's filters (status, rule; each option with its count over the whole queue) and the
// progress through it: "N of M decided".
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { REVIEW_RULES, REVIEW_STATUSES } from '../../../shared/api-review';
import { formatCount } from '../../components/format';
import { OptionSelect } from '../../components/OptionSelect';
import { RULE_NAMES } from './review-labels';
import type { ReviewCounts, ReviewFilter } from './useReviewQueue';

type Props = {
  filter: ReviewFilter;
  counts: ReviewCounts | undefined;
  onChange: (filter: ReviewFilter) => void;
};

function sum(record: Record<string, number> | undefined): number {
  return Object.values(record ?? {}).reduce((a, b) => a + b, 0);
}

export function ReviewQueueFilters({ filter, counts, onChange }: Props) {
  const total = sum(counts?.by_status);
  const decided = total - (counts?.by_status.pending ?? 0);
  const count = (n: number | undefined) =>
    counts === undefined ? '' : ` (${formatCount(n ?? 0)})`;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        <OptionSelect
          label="Status"
          value={filter.status}
          options={[
            { value: 'all', label: `all${count(total)}` },
            ...REVIEW_STATUSES.map((status) => ({
              value: status,
              label: `${status}${count(counts?.by_status[status])}`,
            })),
          ]}
          onChange={(status) => onChange({ ...filter, status: status as ReviewFilter['status'] })}
          testId="review-status-filter"
        />
        <OptionSelect
          label="Rule"
          value={filter.rule}
          options={[
            { value: 'all', label: `all rules${count(total)}` },
            ...REVIEW_RULES.map((rule) => ({
              value: rule,
              label: `${RULE_NAMES[rule]}${count(counts?.by_rule[rule])}`,
              data: { 'data-rule': rule },
            })),
          ]}
          onChange={(rule) => onChange({ ...filter, rule: rule as ReviewFilter['rule'] })}
          testId="review-rule-filter"
        />
      </Box>
      <Box>
        <Typography
          variant="caption"
          sx={{ color: 'text.secondary' }}
          data-testid="review-progress"
          data-decided={decided}
          data-total={total}
        >
          {counts === undefined
            ? 'Counting…'
            : `${formatCount(decided)} of ${formatCount(total)} decided`}
        </Typography>
        <LinearProgress
          variant="determinate"
          aria-label="Decided share of the queue"
          value={total === 0 ? 0 : (100 * decided) / total}
          sx={{ mt: 0.5 }}
        />
      </Box>
    </Box>
  );
}
