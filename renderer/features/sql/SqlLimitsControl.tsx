// The workspace's console limits (time per query, result size), shown beside Run and edited in a
// small popover; saved in the workspace, so they hold for the CLI and every window too.
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { SQL_RESULT_MB, SQL_TIMEOUT_S, type SqlSettings } from '../../../shared/api-sql';
import type { ApiError } from '../../../shared/result';
import { useApiClient } from '../../api/ApiContext';
import { ErrorAlert } from '../../components/ErrorAlert';

export function SqlLimitsControl() {
  const client = useApiClient();
  const [settings, setSettings] = useState<SqlSettings | null>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [draft, setDraft] = useState({ timeout: '', mb: '' });
  const [error, setError] = useState<ApiError | null>(null);

  useEffect(() => {
    void client.call('getSqlSettings', {}).then((result) => {
      if (result.ok) setSettings(result.value);
    });
  }, [client]);

  if (settings === null) return null;
  const open = (target: HTMLElement) => {
    setDraft({ timeout: String(settings.timeout_s), mb: String(settings.max_result_mb) });
    setError(null);
    setAnchor(target);
  };
  const save = async () => {
    const result = await client.call('setSqlSettings', {
      timeout_s: Number(draft.timeout),
      max_result_mb: Number(draft.mb),
    });
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setSettings(result.value);
    setAnchor(null);
  };

  return (
    <>
      <Button size="small" onClick={(event) => open(event.currentTarget)} data-testid="sql-limits">
        Limits: {settings.timeout_s} s · {settings.max_result_mb} MB
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Stack spacing={2} sx={{ p: 2, width: 320 }}>
          <Typography variant="body2">
            Every query in this workspace stops after the time limit, and its result is cut at the
            size limit.
          </Typography>
          <TextField
            label="Time limit (seconds)"
            type="number"
            size="small"
            value={draft.timeout}
            onChange={(event) => setDraft({ ...draft, timeout: event.target.value })}
            slotProps={{ htmlInput: { min: SQL_TIMEOUT_S.min, max: SQL_TIMEOUT_S.max } }}
          />
          <TextField
            label="Result size limit (MB)"
            type="number"
            size="small"
            value={draft.mb}
            onChange={(event) => setDraft({ ...draft, mb: event.target.value })}
            slotProps={{ htmlInput: { min: SQL_RESULT_MB.min, max: SQL_RESULT_MB.max } }}
          />
          {error !== null && <ErrorAlert error={error} title="Limits not saved" />}
          <Button variant="contained" onClick={() => void save()} data-testid="sql-limits-save">
            Save
          </Button>
        </Stack>
      </Popover>
    </>
  );
}
