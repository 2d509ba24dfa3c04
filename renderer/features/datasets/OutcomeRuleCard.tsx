// The dataset's outcome rule: which SQL boolean decides success where the format states none.
// The rule in force and its counts are shown; an edit is previewed (counts only) before it is
// applied, and the default can be restored.
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { OutcomeCounts } from '../../../shared/api-outcome';
import type { ApiError } from '../../../shared/result';
import { useApiClient } from '../../api/ApiContext';
import { useApi } from '../../api/useApi';
import { useApiWrite } from '../../api/useApiWrite';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatCount } from '../../components/format';

function countsText(counts: OutcomeCounts): string {
  const stated =
    counts.explicit > 0 ? `; ${formatCount(counts.explicit)} stated by the format itself` : '';
  return (
    `${formatCount(counts.success)} success, ${formatCount(counts.failure)} failure, ` +
    `${formatCount(counts.unknown)} unknown${stated}`
  );
}

export function OutcomeRuleCard({ datasetId }: { datasetId: string }) {
  const client = useApiClient();
  const current = useApi('getOutcomeRule', { dataset_id: datasetId });
  // Success feeds tables, charts, credit and exports: the write refreshes every cached read.
  const write = useApiWrite();
  const [draft, setDraft] = useState<string | null>(null);
  const [preview, setPreview] = useState<OutcomeCounts | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  const value = current.data;
  const text = draft ?? value?.rule ?? '';

  async function run(work: () => ReturnType<typeof write<'setOutcomeRule'>>) {
    setBusy(true);
    setError(null);
    const result = await work();
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setDraft(null);
    setPreview(null);
  }

  const showPreview = async () => {
    setBusy(true);
    setError(null);
    const result = await client.call('previewOutcomeRule', { dataset_id: datasetId, rule: text });
    setBusy(false);
    if (result.ok) setPreview(result.value);
    else setError(result.error);
  };

  if (current.error !== undefined) {
    // A stored rule the guard refuses (a workspace from elsewhere) can still be replaced.
    return (
      <Stack spacing={1} sx={{ mb: 2, alignItems: 'flex-start' }}>
        <ErrorAlert
          error={error ?? current.error}
          title="Could not load the outcome rule"
          onRetry={current.reload}
        />
        {current.error.code === 'invalid_input' && (
          <Button
            size="small"
            disabled={busy}
            data-testid="outcome-rule-replace"
            onClick={() =>
              void run(() => write('setOutcomeRule', { dataset_id: datasetId, rule: null }))
            }
          >
            Use the default rule instead
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <Paper sx={{ p: 2, mb: 2 }} data-testid="outcome-rule">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1">Outcome rule</Typography>
        {value?.is_default === true && <Chip size="small" label="default" />}
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        Success is the format&apos;s own verdict where it gives one; otherwise this SQL condition
        over the <code>trajectories</code> view decides it.
        {value?.default_rule === null
          ? ' Rewards here are not all 0 or 1, so by default success stays unknown.'
          : ` The default is ${value?.default_rule ?? '…'} (every reward is 0 or 1).`}
      </Typography>
      <TextField
        label="Success when"
        value={text}
        placeholder="e.g. reward >= 0.5"
        onChange={(event) => {
          setDraft(event.target.value);
          setPreview(null);
        }}
        fullWidth
        size="small"
        slotProps={{ htmlInput: { 'data-testid': 'outcome-rule-input', spellCheck: false } }}
        sx={{ '& input': { fontFamily: 'monospace' } }}
      />
      <Typography variant="body2" sx={{ mt: 1 }} data-testid="outcome-rule-counts">
        {preview !== null
          ? `With this rule: ${countsText(preview)}.`
          : value !== undefined
            ? `Now: ${countsText(value.counts)}.`
            : ' '}
      </Typography>
      {error !== null && (
        <Stack sx={{ mt: 1 }}>
          <ErrorAlert error={error} title="The rule was refused" />
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        <Button
          size="small"
          onClick={() => void showPreview()}
          disabled={busy || text.trim() === ''}
          data-testid="outcome-rule-preview"
        >
          Preview
        </Button>
        <Button
          size="small"
          variant="contained"
          onClick={() =>
            void run(() => write('setOutcomeRule', { dataset_id: datasetId, rule: text }))
          }
          disabled={busy || text.trim() === '' || (draft === null && !value?.is_default)}
          data-testid="outcome-rule-apply"
        >
          Apply
        </Button>
        <Button
          size="small"
          onClick={() =>
            void run(() => write('setOutcomeRule', { dataset_id: datasetId, rule: null }))
          }
          disabled={busy || value?.is_default !== false}
        >
          Use default
        </Button>
      </Stack>
    </Paper>
  );
}
