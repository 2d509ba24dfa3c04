// Confusion counts of two labelings over the four roles: rows the reference, columns the other;
// agreements on the diagonal are emphasised.
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { ROLE_LABELS } from '../../../shared/model';
import { roleInfo } from '../../components/role-labels';

type Props = { confusion: number[][]; reference: string; other: string };

export function ConfusionTable({ confusion, reference, other }: Props) {
  return (
    <Table size="small" data-testid="agreement-confusion" aria-label="Confusion counts">
      <TableHead>
        <TableRow>
          <TableCell>
            {reference} ↓ · {other} →
          </TableCell>
          {ROLE_LABELS.map((role) => (
            <TableCell key={role} align="right">
              {roleInfo(role).name}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {ROLE_LABELS.map((role, i) => (
          <TableRow key={role}>
            <TableCell component="th" scope="row">
              {roleInfo(role).name}
            </TableCell>
            {ROLE_LABELS.map((column, j) => (
              <TableCell
                key={column}
                align="right"
                data-testid={`confusion-${role}-${column}`}
                sx={{ fontWeight: i === j ? 600 : undefined }}
              >
                {confusion[i]?.[j] ?? 0}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
