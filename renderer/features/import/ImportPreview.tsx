// The preview of an import: every file with its format, count or the reason it is left out; the
// datasets it will make (or the detected format with every candidate's score); the first
// trajectories as they will be read, and any bad records among them.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApiOutput } from '../../../shared/api';
import { ImportFileList } from './ImportFileList';
import { ImportPreviewTable } from './ImportPreviewTable';

type Preview = ApiOutput<'previewImport'>;

const baseName = (file: string) => file.split(/[\\/]/).pop() ?? file;

export function ImportPreview({ preview }: { preview: Preview }) {
  const several = preview.datasets.length > 1;
  const listFiles =
    preview.total_files > 1 || preview.files.some((file) => file.status !== 'import');
  const firstRead = preview.files.find((file) => file.status === 'import');
  return (
    <Box data-testid="import-preview" sx={{ mt: 2 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {preview.total_files} file{preview.total_files === 1 ? '' : 's'},{' '}
        {(preview.total_bytes / 1e6).toFixed(1)} MB
        {!preview.counted_all && ' (some files are too large to count in a preview)'}
      </Typography>
      {several ? (
        <Typography variant="body2" sx={{ my: 1 }} data-testid="import-plan">
          {preview.datasets.length} datasets, one per format:{' '}
          {preview.datasets
            .map((d) => `${d.name} (${d.format}, ${d.files} file${d.files === 1 ? '' : 's'})`)
            .join(', ')}
        </Typography>
      ) : (
        <Stack direction="row" spacing={1} sx={{ my: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="body2">Format:</Typography>
          {preview.format === null && <Chip size="small" color="error" label="not recognised" />}
          {preview.format !== null && preview.candidates.length === 0 && (
            <Chip
              size="small"
              color="primary"
              label={preview.format.startsWith('mapping') ? 'custom mapping' : preview.format}
            />
          )}
          {preview.candidates.map((candidate) => (
            <Chip
              key={candidate.name}
              size="small"
              label={`${candidate.name} ${candidate.score.toFixed(2)}`}
              color={candidate.name === preview.format ? 'primary' : 'default'}
              variant={candidate.name === preview.format ? 'filled' : 'outlined'}
            />
          ))}
        </Stack>
      )}
      {listFiles && <ImportFileList files={preview.files} total={preview.total_files} />}
      {preview.errors.length > 0 && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {preview.errors.slice(0, 5).map((bad) => (
            <div key={`${bad.file}:${bad.line}`}>
              {listFiles ? `${baseName(bad.file)}:` : 'line '}
              {bad.line}: {bad.reason}
            </div>
          ))}
        </Alert>
      )}
      {listFiles && firstRead !== undefined && preview.trajectories.length > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          First trajectories of {baseName(firstRead.path)}:
        </Typography>
      )}
      {preview.trajectories.length > 0 && (
        <ImportPreviewTable trajectories={preview.trajectories} />
      )}
      {preview.outcome_rule !== null && preview.trajectories.length > 0 && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="preview-rule">
          Outcome: the format&apos;s own verdict, else {preview.outcome_rule} (the default while
          every reward is 0 or 1; the import checks the whole dataset).
        </Typography>
      )}
    </Box>
  );
}
