// A dataset's credit signals side by side (docs/credit.md): how the TRIAGE roles of its labeled
// segments agree with the progress advantage and the turn-tree branch advantage.
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { CreditAgreement } from '../../../shared/api-credit';
import { useApi } from '../../api/useApi';
import { EChart } from '../../components/EChart';
import { ErrorAlert } from '../../components/ErrorAlert';
import { DASH } from '../../components/format';

function rho(value: number | null): string {
  return value === null ? DASH : value.toFixed(2);
}

/** Share of each role's segments with a positive / negative signal, as stacked bars. */
function signOption(agreement: CreditAgreement, colors: { up: string; down: string }) {
  const roles = agreement.confusion.filter((c) => c.segments > 0);
  const share = (count: number, total: number) => (total === 0 ? 0 : count / total);
  const bars = (key: 'progress' | 'branch', label: string) => [
    {
      name: `${label} > 0`,
      type: 'bar',
      stack: key,
      itemStyle: { color: colors.up, opacity: key === 'branch' ? 0.55 : 1 },
      data: roles.map((c) => share(c[key].positive, c.segments)),
    },
    {
      name: `${label} < 0`,
      type: 'bar',
      stack: key,
      itemStyle: { color: colors.down, opacity: key === 'branch' ? 0.55 : 1 },
      data: roles.map((c) => share(c[key].negative, c.segments)),
    },
  ];
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 8, top: 10, bottom: 40 },
    xAxis: {
      type: 'category',
      data: roles.map((c) => `${c.role.replaceAll('_', ' ')} (${c.segments})`),
      axisLabel: { interval: 0, fontSize: 10, width: 90, overflow: 'break' },
    },
    yAxis: { type: 'value', max: 1, axisLabel: { formatter: '{value}' } },
    series: [...bars('progress', 'progress'), ...bars('branch', 'branch')],
  };
}

export function CreditAgreementPanel({ datasetId }: { datasetId: string }) {
  const theme = useTheme();
  const agreement = useApi('getCreditAgreement', { dataset_id: datasetId });
  if (agreement.error !== undefined) {
    return <ErrorAlert error={agreement.error} title="Credit agreement failed" />;
  }
  const data = agreement.data;
  if (data === undefined || data.labeled_segments === 0) return null;
  return (
    <Paper sx={{ p: 2, mb: 2 }} data-testid="credit-agreement">
      <Typography variant="subtitle2">
        Credit signals on {data.labeled_segments} labeled segments
      </Typography>
      <Stack direction="row" spacing={3} sx={{ my: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2">
          Spearman role vs progress {rho(data.spearman.role_vs_progress)}
        </Typography>
        <Typography variant="body2">role vs branch {rho(data.spearman.role_vs_branch)}</Typography>
        <Typography variant="body2">
          progress vs branch {rho(data.spearman.progress_vs_branch)}
        </Typography>
      </Stack>
      <Typography variant="caption" color="text.secondary">
        Share of each role&apos;s segments with a positive or negative progress advantage (solid)
        and turn-tree branch advantage (light). Progress needs stored credit (Store in a
        trajectory&apos;s credit panel or `turnwise credit`).
      </Typography>
      <EChart
        height={200}
        option={signOption(data, {
          up: theme.palette.success.main,
          down: theme.palette.error.main,
        })}
      />
    </Paper>
  );
}
