// The error the trajectory's run recorded (metadata.error, shared/run-error.ts), shown above the
// transcript: a task that crashed has no turns, and this is what says why.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { runErrorOf } from '../../../shared/run-error';
import { MONO_FONT } from '../../theme/theme';

/** Characters of the error shown; the whole text stays in the metadata block. */
const SHOWN_CHARS = 2_000;

export function RunErrorAlert({ metadata, turns }: { metadata: string | null; turns: number }) {
  const error = runErrorOf(metadata);
  if (error === null) return null;
  return (
    <Alert severity="error" sx={{ mt: 1.5 }} data-testid="run-error">
      {turns === 0 ? 'The run failed before any turn: ' : 'The run recorded an error: '}
      <Box
        component="span"
        sx={{
          fontFamily: MONO_FONT,
          fontSize: 12,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
        }}
      >
        {error.length > SHOWN_CHARS ? `${error.slice(0, SHOWN_CHARS)}…` : error}
      </Box>
    </Alert>
  );
}
