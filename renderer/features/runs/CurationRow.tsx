// One row of the curation answer: the run against its parent on one scope of tasks (trained on
// or held out), linked to the full comparison in that scope.
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TaskScope } from '../../../shared/api-compare';
import { useApi } from '../../api/useApi';
import { AppLink } from '../../components/AppLink';
import { formatCount, formatPercent } from '../../components/format';
import { compareHref } from '../../routing/routes';
import { arrow, formatInterval, formatPoints } from '../../components/compare-format';

type Props = { parent: string; run: string; scope: Exclude<TaskScope, 'all'>; label: string };

export function CurationRow({ parent, run, scope, label }: Props) {
  const result = useApi('compareRuns', { runs: [parent, run], seed: 0, tasks: scope });
  const data = result.data;
  return (
    <TableRow data-testid={`curation-${scope}`}>
      <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
        <AppLink href={compareHref([parent, run], { scope })}>{label}</AppLink>
      </TableCell>
      {result.error !== undefined ? (
        <TableCell colSpan={4} sx={{ color: 'error.main' }} title={result.error.message}>
          could not compare ({result.error.code})
        </TableCell>
      ) : data === undefined ? (
        <TableCell colSpan={4}>
          <Skeleton />
        </TableCell>
      ) : data.shared_tasks === 0 ? (
        <TableCell colSpan={4} sx={{ color: 'text.secondary' }}>
          no shared tasks
        </TableCell>
      ) : (
        <>
          <TableCell align="right">{formatCount(data.shared_tasks)}</TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {arrow(formatPercent(data.success_a), formatPercent(data.success_b))}
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {formatPoints(data.difference)}
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
              {formatInterval(data.ci95)}
            </Typography>
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            <Box component="span" sx={{ color: 'success.main' }}>
              +{formatCount(data.fixed)}
            </Box>{' '}
            <Box component="span" sx={{ color: 'error.main' }}>
              −{formatCount(data.broken)}
            </Box>
          </TableCell>
        </>
      )}
    </TableRow>
  );
}
