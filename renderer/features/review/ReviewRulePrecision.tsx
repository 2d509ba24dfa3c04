// Each queue rule's record so far (docs/review.md, getReviewRuleStats): its items decided of
// queued, and its precision, the share of decided items approved or relabeled, so a researcher
// sees which rules earn their time. Only rules with items are listed.
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReviewRuleStats } from '../../../shared/api-review';
import { DASH, formatCount, formatPercent } from '../../components/format';
import { RULE_NAMES } from './review-labels';

/** A row's height, for the page to leave room for the table. */
export const PRECISION_ROW_HEIGHT = 24;

type Props = { rules: readonly ReviewRuleStats[] };

const CELL = { py: 0.25, px: 0.75, fontSize: 12, height: PRECISION_ROW_HEIGHT } as const;

export function ReviewRulePrecision({ rules }: Props) {
  const shown = rules.filter((row) => row.queued > 0);
  if (shown.length === 0) return null;
  return (
    <Table size="small" aria-label="Precision of each queue rule" data-testid="review-precision">
      <TableHead>
        <TableRow>
          <TableCell sx={CELL}>Rule</TableCell>
          <TableCell sx={CELL} align="right" title="decided of queued">
            Decided
          </TableCell>
          <TableCell
            sx={CELL}
            align="right"
            title="(approved + relabeled) / decided: the share of decided items worth reviewing"
          >
            Precision
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {shown.map((row) => {
          const kept = row.approved + row.relabeled;
          return (
            <TableRow
              key={row.rule}
              data-testid="review-rule-precision"
              data-rule={row.rule}
              data-decided={row.decided}
              data-kept={kept}
              data-precision={row.precision ?? ''}
            >
              <TableCell sx={CELL}>
                <Typography variant="inherit" noWrap title={RULE_NAMES[row.rule]}>
                  {RULE_NAMES[row.rule]}
                </Typography>
              </TableCell>
              <TableCell
                sx={CELL}
                align="right"
                title={`${row.approved} approved, ${row.relabeled} relabeled, ${row.rejected} rejected`}
              >
                {formatCount(row.decided)} / {formatCount(row.queued)}
              </TableCell>
              <TableCell sx={{ ...CELL, fontVariantNumeric: 'tabular-nums' }} align="right">
                {row.precision === null
                  ? DASH
                  : `${formatPercent(row.precision)} (${formatCount(kept)}/${formatCount(row.decided)})`}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
