// The desktop app's API keys: stored encrypted by the OS keychain in the main process and used as
// the environment variable they are named after (the judge and scoring forms name that variable).
// A key is typed once and sent to the main process; the page never reads one back.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { ApiKeyNameSchema, type ApiKeyBridge, type ApiKeyList } from '../../shared/api-keys';
import type { ApiError, Result } from '../../shared/result';
import { ErrorAlert } from './ErrorAlert';

type Props = { keys: ApiKeyBridge; onClose: () => void };

export function ApiKeysDialog({ keys, onClose }: Props) {
  const [list, setList] = useState<ApiKeyList | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [name, setName] = useState('OPENAI_API_KEY');
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const nameValid = ApiKeyNameSchema.safeParse(name.trim()).success;

  const apply = async (call: Promise<Result<ApiKeyList>>) => {
    setBusy(true);
    const result = await call;
    setBusy(false);
    if (result.ok) {
      setList(result.value);
      setError(null);
    } else {
      setError(result.error);
    }
    return result.ok;
  };

  useEffect(() => {
    let live = true;
    void keys.list().then((result) => {
      if (!live) return;
      if (result.ok) setList(result.value);
      else setError(result.error);
    });
    return () => {
      live = false;
    };
  }, [keys]);

  const store = async () => {
    if (await apply(keys.store({ name: name.trim(), key }))) setKey('');
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>API keys</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          Keys for judge and scoring endpoints, kept encrypted by your system keychain outside any
          workspace. Each is used as the environment variable it is named after; a variable set
          where Turnwise was started takes precedence.
        </Typography>
        {error !== null && <ErrorAlert error={error} />}
        {list !== null && !list.keychain && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            This system offers no keychain encryption: set keys as environment variables instead.
          </Alert>
        )}
        <List dense data-testid="api-key-list">
          {list?.keys.length === 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              No stored keys.
            </Typography>
          )}
          {list?.keys.map((entry) => (
            <ListItem
              key={entry.name}
              data-testid="api-key-row"
              secondaryAction={
                <Button
                  size="small"
                  disabled={busy}
                  onClick={() => void apply(keys.remove({ name: entry.name }))}
                  aria-label={`Remove ${entry.name}`}
                >
                  Remove
                </Button>
              }
            >
              <ListItemText
                primary={entry.name}
                secondary={
                  entry.used === 'keychain'
                    ? 'stored, in use'
                    : 'stored; the environment sets this variable too and wins'
                }
              />
            </ListItem>
          ))}
        </List>
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <TextField
            label="Variable name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={!nameValid}
            helperText={nameValid ? ' ' : 'Capital letters, digits and _, ending in _KEY'}
            slotProps={{ htmlInput: { 'data-testid': 'api-key-name', spellCheck: false } }}
          />
          <TextField
            label="Key"
            type="password"
            value={key}
            onChange={(event) => setKey(event.target.value)}
            autoComplete="off"
            sx={{ flex: 1 }}
            helperText=" "
            slotProps={{ htmlInput: { 'data-testid': 'api-key-value' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button
          variant="contained"
          disabled={busy || !nameValid || key.trim() === '' || list?.keychain === false}
          onClick={() => void store()}
          data-testid="api-key-store"
        >
          Store key
        </Button>
      </DialogActions>
    </Dialog>
  );
}
