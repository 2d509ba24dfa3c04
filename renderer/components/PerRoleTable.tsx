// Per-role support, precision, recall and F1 of one agreement report (a dash where undefined);
// shared by the judge evaluation and the agreement of two annotators.
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { AgreementReport } from '../../shared/api-judge-eval';
import type { RoleLabel } from '../../shared/model';
import { metric } from './eval-format';

type Props = {
  report: AgreementReport;
  testId: string;
  /** Each row's test id is `${rowTestIdPrefix}-${role}`; the table's test id by default. */
  rowTestIdPrefix?: string;
  supportLabel?: string;
  ariaLabel?: string;
  roleName?: (role: RoleLabel) => string;
  format?: (value: number | null) => string;
};

export function PerRoleTable({
  report,
  testId,
  rowTestIdPrefix = testId,
  supportLabel = 'Support',
  ariaLabel,
  roleName = (role) => role,
  format = (value) => metric(value),
}: Props) {
  return (
    <Table size="small" data-testid={testId} aria-label={ariaLabel}>
      <TableHead>
        <TableRow>
          <TableCell>Role</TableCell>
          <TableCell align="right">{supportLabel}</TableCell>
          <TableCell align="right">Precision</TableCell>
          <TableCell align="right">Recall</TableCell>
          <TableCell align="right">F1</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {report.per_role.map((row) => (
          <TableRow key={row.role} data-testid={`${rowTestIdPrefix}-${row.role}`}>
            <TableCell>{roleName(row.role)}</TableCell>
            <TableCell align="right">{row.support}</TableCell>
            <TableCell align="right">{format(row.precision)}</TableCell>
            <TableCell align="right">{format(row.recall)}</TableCell>
            <TableCell align="right">{format(row.f1)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
