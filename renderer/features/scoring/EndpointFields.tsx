// One scoring endpoint: the server's base URL, the model (blank: the one it serves), the kind of
// server (detected unless set) and the environment variable that holds its API key. "List
// models" asks the server what it serves and what it is.
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useApiClient } from '../../api/ApiContext';
import {
  SCORING_SERVERS,
  SERVER_LABELS,
  type ServerProfile,
} from '../../../shared/server-profiles';
import { ServerSelect } from '../../components/ServerSelect';
import type { EndpointForm } from './scoring-form';

type Props = {
  /** "policy" or "reference": names the fields and their test ids. */
  side: 'policy' | 'ref';
  value: EndpointForm;
  onChange: (value: EndpointForm) => void;
  disabled: boolean;
};

type Listing = { models: string[]; server: ServerProfile | null } | { error: string } | null;

export function EndpointFields({ side, value, onChange, disabled }: Props) {
  const client = useApiClient();
  const [listing, setListing] = useState<Listing>(null);
  const [busy, setBusy] = useState(false);
  const title = side === 'policy' ? 'Policy model' : 'Reference model';
  const set = (patch: Partial<EndpointForm>) => onChange({ ...value, ...patch });

  const listModels = async () => {
    setBusy(true);
    const apiKeyEnv = value.apiKeyEnv.trim();
    const result = await client.call('listEndpointModels', {
      base_url: value.baseUrl.trim(),
      ...(apiKeyEnv !== '' ? { api_key_env: apiKeyEnv } : {}),
    });
    setBusy(false);
    setListing(
      result.ok
        ? { models: result.value.models.map((m) => m.id), server: result.value.server }
        : { error: result.error.message },
    );
  };

  return (
    <Stack spacing={1} data-testid={`score-${side}`}>
      <Typography variant="subtitle2">{title}</Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          size="small"
          label="Base URL"
          placeholder="http://127.0.0.1:8000"
          value={value.baseUrl}
          onChange={(event) => {
            set({ baseUrl: event.target.value });
            setListing(null);
          }}
          disabled={disabled}
          sx={{ flex: 2, minWidth: 260 }}
          slotProps={{ htmlInput: { 'data-testid': `score-${side}-url`, spellCheck: false } }}
        />
        <TextField
          size="small"
          label="Model"
          placeholder="the one it serves"
          value={value.model}
          onChange={(event) => set({ model: event.target.value })}
          disabled={disabled}
          sx={{ flex: 1, minWidth: 180 }}
          slotProps={{ htmlInput: { 'data-testid': `score-${side}-model`, spellCheck: false } }}
        />
        <TextField
          size="small"
          label="API key env var"
          placeholder="none"
          value={value.apiKeyEnv}
          onChange={(event) => set({ apiKeyEnv: event.target.value })}
          disabled={disabled}
          sx={{ flex: 1, minWidth: 160 }}
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
        <ServerSelect
          value={value.server}
          kinds={SCORING_SERVERS}
          onChange={(server) => set({ server })}
          testId={`score-${side}-server`}
          sx={{ minWidth: 120 }}
        />
        <Button
          size="small"
          onClick={() => void listModels()}
          disabled={disabled || busy || value.baseUrl.trim() === ''}
          data-testid={`score-${side}-list`}
        >
          List models
        </Button>
      </Stack>
      {listing !== null && 'error' in listing && (
        <Typography variant="body2" color="error">
          {listing.error}
        </Typography>
      )}
      {listing !== null && 'models' in listing && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {listing.server === null ? 'Serves:' : `${SERVER_LABELS[listing.server]} serves:`}
          </Typography>
          {listing.models.map((model) => (
            <Chip
              key={model}
              label={model}
              size="small"
              variant={model === value.model ? 'filled' : 'outlined'}
              onClick={() => set({ model })}
              disabled={disabled}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
