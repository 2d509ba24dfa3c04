// Counterexample candidates and their decisions.
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReviewItem } from '../../../shared/model';
import { AppLink } from '../../components/AppLink';
import { DASH, formatDateTime } from '../../components/format';
import { trajectoryHref } from '../../routing/routes';
import { MONO_FONT } from '../../theme/theme';

const STATUS_COLOR = { pending: 'warning', approved: 'success', rejected: 'default' } as const;
const HEADERS = [
  'Item',
  'Kind',
  'Trajectory',
  'Segment',
  'Proposed',
  'Status',
  'Decided label',
  'By',
  'At',
  'Note',
];
const mono = { fontFamily: MONO_FONT, fontSize: 12 };

export function ReviewTable({ items }: { items: ReviewItem[] }) {
  return (
    <TableContainer component={Paper}>
      <Table aria-label="Review items">
        <TableHead>
          <TableRow>
            {HEADERS.map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.item_id} hover data-testid="review-row">
              <TableCell sx={mono}>{item.item_id}</TableCell>
              <TableCell>{item.kind}</TableCell>
              <TableCell sx={mono}>
                <AppLink href={trajectoryHref(item.trajectory_id)}>{item.trajectory_id}</AppLink>
              </TableCell>
              <TableCell align="right">{item.segment_index ?? DASH}</TableCell>
              <TableCell>{item.proposed ?? DASH}</TableCell>
              <TableCell>
                <Chip label={item.status} color={STATUS_COLOR[item.status]} variant="outlined" />
              </TableCell>
              <TableCell>{item.decided_label ?? DASH}</TableCell>
              <TableCell>{item.decided_by ?? DASH}</TableCell>
              <TableCell>{formatDateTime(item.decided_at)}</TableCell>
              <TableCell sx={{ whiteSpace: 'pre-wrap', minWidth: 200 }}>
                {item.note ?? DASH}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
