// One trajectory's credit, segment by segment: the outcome advantage every segment shares, the
// role bonus from its label, the progress advantage from the log-probs, and the total.
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { SegmentCredit } from '../../../shared/api-credit';
import { DASH } from '../../components/format';
import { stepName, turnSpanName } from '../../components/step-names';

function number(value: number | null): string {
  return value === null ? DASH : value.toFixed(3);
}

const ROLE_SHORT: Record<string, string> = {
  decisive_progress: 'D',
  useful_exploration: 'E',
  no_progress_infrastructure: 'N',
  regression: 'R',
};

export function SegmentCreditTable({ segments }: { segments: SegmentCredit[] }) {
  return (
    // The panel is a narrow side column: tight cells keep Total in view, and a scroll bar rather
    // than a clipped column when it is narrower still.
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table
        size="small"
        aria-label="credit per segment"
        sx={{
          '& .MuiTableCell-root': { px: 0.75 },
          '& .MuiTableCell-root:first-of-type': { pl: 0 },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Step</TableCell>
            <TableCell>Role</TableCell>
            <TableCell align="right">A outcome</TableCell>
            <TableCell align="right">Bonus</TableCell>
            <TableCell align="right">Progress</TableCell>
            <TableCell align="right">Total</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {segments.map((s) => (
            <TableRow key={s.segment_index} data-testid="credit-segment">
              <TableCell>
                {stepName(s.segment_index)}
                <span style={{ opacity: 0.6 }}> · {turnSpanName(s.turn_start, s.turn_end)}</span>
              </TableCell>
              <TableCell>
                {s.role_label === null ? (
                  DASH
                ) : (
                  <Tooltip title={`${s.role_label} (${s.label_source ?? ''})`}>
                    <span>{ROLE_SHORT[s.role_label] ?? s.role_label}</span>
                  </Tooltip>
                )}
              </TableCell>
              <TableCell align="right">{number(s.outcome_advantage)}</TableCell>
              <TableCell align="right">{number(s.role_bonus)}</TableCell>
              <TableCell align="right">{number(s.progress_advantage)}</TableCell>
              <TableCell
                align="right"
                sx={s.sign_flipped ? { color: 'warning.main', fontWeight: 600 } : undefined}
                title={
                  s.sign_flipped ? 'the role bonus flips the sign of the outcome advantage' : ''
                }
              >
                {number(s.total)}
                {s.sign_flipped ? ' ⚑' : ''}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
