// Between a run and a run trained from it: an arrow down through the export that links them
// (short id, target, tasks). The full id and the export's directory are in its title.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import type { ExportRecord } from '../../../shared/api-runs';
import { formatCount, formatDateTime } from '../../components/format';
import { MONO_FONT } from '../../theme/theme';
import { shortExportId } from './run-lineage';

type Props = {
  /** The run's trained_from; the record is null when the workspace did not record the export. */
  exportId: string;
  record: ExportRecord | null;
  /** True when the runs the export was made from are not in the workspace. */
  orphan?: boolean;
};

export function ExportConnector({ exportId, record, orphan = false }: Props) {
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', py: 0.5 }}
      data-testid="runs-export"
    >
      <Box sx={{ width: 2, height: 12, bgcolor: 'divider' }} />
      <Paper
        variant="outlined"
        title={record === null ? exportId : `${exportId}\n${record.path}`}
        sx={{ px: 1.5, py: 0.75, borderStyle: 'dashed', maxWidth: 300, textAlign: 'center' }}
      >
        <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
          trained on export{' '}
          <Box component="span" sx={{ fontFamily: MONO_FONT, color: 'text.primary' }}>
            {shortExportId(exportId)}
          </Box>
        </Typography>
        <Typography variant="caption" component="div">
          {record === null
            ? 'not recorded in this workspace'
            : `${record.target} · ${formatCount(record.tasks)} tasks · ${formatCount(record.trajectories)} trajectories`}
        </Typography>
        {record !== null && (
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            {formatDateTime(record.recorded_at)}
          </Typography>
        )}
        {orphan && (
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            made from runs not in this workspace
          </Typography>
        )}
      </Paper>
      <ArrowDownward fontSize="small" sx={{ color: 'text.secondary' }} />
    </Box>
  );
}
