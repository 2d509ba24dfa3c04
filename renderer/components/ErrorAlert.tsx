// Shows a Result error with its code, so users can tell a bad query from a lost connection.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { ApiError } from '../../shared/result';

// What the user can do about the errors that are not about their input.
const HINTS: Partial<Record<ApiError['code'], string>> = {
  unauthorized:
    'Browser mode needs the access token: open the full URL that `turnwise serve` printed.',
  schema_too_new: 'This workspace was written by a newer Turnwise; update Turnwise to open it.',
  timeout:
    'Narrow the query (a LIMIT, a WHERE on a key), or raise the time limit in the SQL settings.',
  resource_limit: 'Select fewer rows or shorter columns, for example left(content, 2000).',
};

type Props = { error: ApiError; title?: string; onRetry?: () => void };

export function ErrorAlert({ error, title, onRetry }: Props) {
  return (
    <Alert
      severity="error"
      data-testid="error-alert"
      action={
        onRetry !== undefined ? (
          <Button color="inherit" onClick={onRetry}>
            Retry
          </Button>
        ) : undefined
      }
      sx={{ '& .MuiAlert-message': { minWidth: 0 } }}
    >
      <AlertTitle>
        {title ?? 'Error'} <code>({error.code})</code>
      </AlertTitle>
      <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{error.message}</span>
      {HINTS[error.code] !== undefined && (
        <span style={{ display: 'block', marginTop: 4, opacity: 0.85 }}>{HINTS[error.code]}</span>
      )}
    </Alert>
  );
}
