// Agreement of two annotators on the segments both labeled: raw agreement, Cohen's kappa, the
// per-role precision/recall/F1 of the second against the first, and the confusion counts.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AgreementReport } from '../../../shared/api-judge-eval';
import { DASH, formatPercent } from '../../components/format';
import { StatGrid } from '../../components/StatGrid';
import { roleInfo } from '../../components/role-labels';
import { PerRoleTable } from '../../components/PerRoleTable';
import { ConfusionTable } from './ConfusionTable';

const score = (value: number | null) => (value === null ? DASH : value.toFixed(2));

type Props = { report: AgreementReport; a: string; b: string };

export function AgreementView({ report, a, b }: Props) {
  if (report.n === 0) {
    return (
      <Typography sx={{ color: 'text.secondary' }} data-testid="agreement-empty">
        {a} and {b} have not labeled any segment in common yet.
      </Typography>
    );
  }
  return (
    <Box data-testid="agreement-report">
      <StatGrid
        stats={[
          { label: 'Segments both labeled', value: report.n },
          { label: 'Raw agreement', value: formatPercent(report.accuracy) },
          { label: "Cohen's kappa", value: score(report.kappa) },
        ]}
      />
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        Per role ({b} against {a})
      </Typography>
      <PerRoleTable
        report={report}
        testId="agreement-per-role"
        rowTestIdPrefix="agreement-role"
        supportLabel={`${a}'s count`}
        ariaLabel="Per-role agreement"
        roleName={(role) => roleInfo(role).name}
        format={score}
      />
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        Confusion counts
      </Typography>
      <ConfusionTable confusion={report.confusion} reference={a} other={b} />
    </Box>
  );
}
