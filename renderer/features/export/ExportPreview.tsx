// What the export will write, before anything is written: counts, skipped trajectories with
// reasons, and the first records exactly as they will be written (shown as text).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ApiInput } from '../../../shared/api';
import { useApi } from '../../api/useApi';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatCount } from '../../components/format';
import { MONO_FONT } from '../../theme/theme';

function pretty(line: string): string {
  try {
    return JSON.stringify(JSON.parse(line), null, 2);
  } catch {
    return line;
  }
}

export function ExportPreview({ selection }: { selection: ApiInput<'previewExport'> }) {
  const preview = useApi('previewExport', selection, { keepPrevious: true });
  const data = preview.data;
  return (
    <Box data-testid="export-preview">
      <LinearProgress
        sx={{ height: 2, mb: 1, visibility: preview.loading ? 'visible' : 'hidden' }}
      />
      {preview.error !== undefined && (
        <ErrorAlert error={preview.error} title="Cannot export this selection" />
      )}
      {data !== undefined && preview.error === undefined && (
        <>
          <Typography variant="body2" data-testid="export-counts">
            {data.records_exact ? '' : 'about '}
            {formatCount(data.records)} record{data.records === 1 ? '' : 's'} from{' '}
            {formatCount(data.trajectories)} trajector{data.trajectories === 1 ? 'y' : 'ies'}
          </Typography>
          {!data.records_exact && (
            <Typography
              variant="caption"
              sx={{ color: 'text.secondary' }}
              data-testid="export-estimate"
            >
              Estimated from {formatCount(data.sampled)} records built for the preview (
              {formatCount(data.planned)} planned); the export counts them exactly.
            </Typography>
          )}
          {data.skipped.length > 0 && (
            <Alert severity="info" sx={{ mt: 1 }}>
              Left out:{' '}
              {data.skipped.map((skip) => `${formatCount(skip.count)} ${skip.reason}`).join('; ')}
            </Alert>
          )}
          {data.left_out.length > 0 && (
            <Alert severity="info" sx={{ mt: 1 }} data-testid="export-left-out">
              Turns left out of the records:{' '}
              {data.left_out.map((l) => `${formatCount(l.count)} ${l.reason}`).join('; ')}
            </Alert>
          )}
          {data.first_records.map((line, i) => (
            <Box
              key={i}
              component="pre"
              data-testid="export-record"
              sx={{
                fontFamily: MONO_FONT,
                fontSize: 12,
                bgcolor: 'action.hover',
                borderRadius: 1,
                p: 1,
                mt: 1,
                maxHeight: 320,
                overflow: 'auto',
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-word',
              }}
            >
              {pretty(line)}
            </Box>
          ))}
        </>
      )}
    </Box>
  );
}
