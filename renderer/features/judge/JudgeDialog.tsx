// Label a dataset's segments with the LLM judge: an OpenAI-compatible endpoint, a model, the
// environment variable holding the API key (the key itself never reaches the UI or the workspace),
// concurrency, a prompt version and an optional limit; then progress, cancel and the summary.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DEFAULT_API_KEY_ENV, DEFAULT_JUDGE_CONCURRENCY } from '../../../shared/api-judge';
import { useApi } from '../../api/useApi';
import { ErrorAlert } from '../../components/ErrorAlert';
import { usePersistentState } from '../../hooks/usePersistentState';
import { MONO_FONT } from '../../theme/theme';
import { ServerSelect, serverChoiceOf } from '../../components/ServerSelect';
import { JudgeProgress } from './JudgeProgress';
import { useJudgeJob } from './useJudgeJob';

const INITIAL_SETTINGS = {
  endpoint: '',
  model: '',
  apiKeyEnv: DEFAULT_API_KEY_ENV,
  concurrency: String(DEFAULT_JUDGE_CONCURRENCY),
  limit: '',
  server: 'auto' as string,
};
type Settings = typeof INITIAL_SETTINGS;

function wholeNumber(text: string): number | null {
  return /^[0-9]+$/.test(text.trim()) ? Number(text.trim()) : null;
}

type Props = { datasetId: string; open: boolean; onClose: () => void };

export function JudgeDialog({ datasetId, open, onClose }: Props) {
  const [settings, setSettings] = usePersistentState<Settings>('judge.settings', INITIAL_SETTINGS);
  const [showPrompt, setShowPrompt] = useState(false);
  const prompts = useApi('listJudgePrompts', {});
  const active = useApi('getActiveJudgePrompt', {});
  // The version in use (#/prompts) unless another is picked here; the pick is not remembered,
  // so keeping or rolling back a version on the prompts page changes what runs next.
  const [pickedVersion, setPickedVersion] = useState<string | null>(null);
  const activeVersion = active.data?.version_id;
  const promptVersion = pickedVersion ?? activeVersion;
  const judgeJob = useJudgeJob();
  const { job } = judgeJob;
  const running = job?.status === 'running';

  const set = (key: keyof Settings) => (event: { target: { value: string } }) =>
    setSettings((current) => ({ ...current, [key]: event.target.value }));
  const concurrency = wholeNumber(settings.concurrency);
  const limit = settings.limit.trim() === '' ? undefined : wholeNumber(settings.limit);
  const concurrencyOk = concurrency !== null && concurrency >= 1 && concurrency <= 64;
  const limitOk = limit === undefined || (limit !== null && limit >= 1);
  const ready =
    settings.endpoint.trim() !== '' && settings.model.trim() !== '' && concurrencyOk && limitOk;
  const prompt = prompts.data?.prompts.find((p) => p.version_id === promptVersion);
  // Settings saved before the server kind existed have none.
  const server = serverChoiceOf(settings.server);

  const start = () =>
    void judgeJob.start({
      dataset_id: datasetId,
      endpoint: settings.endpoint.trim(),
      model: settings.model.trim(),
      api_key_env: settings.apiKeyEnv.trim() || DEFAULT_API_KEY_ENV,
      concurrency: concurrency ?? DEFAULT_JUDGE_CONCURRENCY,
      // Not loaded (yet): the engine takes the version in use.
      ...(promptVersion === undefined ? {} : { prompt_version: promptVersion }),
      ...(limit === undefined || limit === null ? {} : { limit }),
      ...(server === 'auto' ? {} : { server }),
    });
  const close = () => {
    if (!running) judgeJob.reset();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="md" fullWidth>
      <DialogTitle>Label with the LLM judge</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          Each segment of <b>{datasetId}</b> gets a TRIAGE role from a model behind any
          OpenAI-compatible chat endpoint (vLLM, SGLang, OpenAI, Azure OpenAI, Ollama). The judge
          sees the task and the steps around the segment, never the outcome. Answers are cached: a
          re-run costs nothing.
        </Typography>
        <Stack spacing={2} sx={{ display: job === null ? undefined : 'none' }}>
          <TextField
            label="Endpoint (API base URL)"
            placeholder="http://localhost:8000/v1"
            value={settings.endpoint}
            onChange={set('endpoint')}
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'judge-endpoint', spellCheck: false } }}
          />
          <Stack direction="row" spacing={2}>
            <TextField
              label="Model"
              value={settings.model}
              onChange={set('model')}
              sx={{ flex: 2 }}
              slotProps={{ htmlInput: { 'data-testid': 'judge-model', spellCheck: false } }}
            />
            <ServerSelect
              value={server}
              onChange={(value) => setSettings((current) => ({ ...current, server: value }))}
              testId="judge-server"
              sx={{ flex: 1 }}
            />
            <TextField
              label="API key environment variable"
              value={settings.apiKeyEnv}
              onChange={set('apiKeyEnv')}
              helperText="Set where Turnwise runs, or stored with the key button (desktop app); never saved in a workspace"
              sx={{ flex: 2 }}
              slotProps={{ htmlInput: { 'data-testid': 'judge-api-key-env', spellCheck: false } }}
            />
          </Stack>
          <Stack direction="row" spacing={2}>
            <TextField
              select
              label="Prompt version"
              value={prompt === undefined ? '' : prompt.version_id}
              onChange={(event) => setPickedVersion(event.target.value)}
              sx={{ flex: 2 }}
              slotProps={{ htmlInput: { 'data-testid': 'judge-prompt-version' } }}
            >
              {(prompts.data?.prompts ?? []).map((p) => (
                <MenuItem key={p.version_id} value={p.version_id}>
                  {p.version_id}
                  {p.parent_version === null ? '' : ` (from ${p.parent_version})`}
                  {p.version_id === activeVersion ? ' · in use' : ''}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Concurrency"
              value={settings.concurrency}
              onChange={set('concurrency')}
              error={!concurrencyOk}
              helperText="Requests in flight (1-64)"
              sx={{ flex: 1 }}
              slotProps={{
                htmlInput: { 'data-testid': 'judge-concurrency', inputMode: 'numeric' },
              }}
            />
            <TextField
              label="Limit (trajectories)"
              value={settings.limit}
              onChange={set('limit')}
              error={!limitOk}
              helperText="Blank: all"
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { 'data-testid': 'judge-limit', inputMode: 'numeric' } }}
            />
          </Stack>
          {prompt !== undefined && (
            <Box>
              <Button size="small" onClick={() => setShowPrompt((shown) => !shown)}>
                {showPrompt ? 'Hide' : 'Show'} the prompt
              </Button>
              <Collapse in={showPrompt}>
                <Box
                  component="pre"
                  data-testid="judge-prompt-text"
                  sx={{
                    fontFamily: MONO_FONT,
                    fontSize: 12,
                    whiteSpace: 'pre-wrap',
                    maxHeight: 240,
                    overflow: 'auto',
                    p: 1,
                    bgcolor: 'action.hover',
                    borderRadius: 1,
                  }}
                >
                  {prompt.text}
                </Box>
              </Collapse>
            </Box>
          )}
          {prompts.error !== undefined && (
            <ErrorAlert error={prompts.error} title="Could not load the prompt versions" />
          )}
        </Stack>
        {judgeJob.error !== null && (
          <Box sx={{ mt: 2 }}>
            <ErrorAlert error={judgeJob.error} title="The judge could not start" />
          </Box>
        )}
        {job !== null && <JudgeProgress job={job} />}
      </DialogContent>
      <DialogActions>
        {running ? (
          <Button color="warning" onClick={judgeJob.cancel} data-testid="judge-cancel">
            Cancel
          </Button>
        ) : job !== null ? (
          <Button onClick={judgeJob.reset}>New run</Button>
        ) : null}
        <Button onClick={close}>{running ? 'Hide' : 'Close'}</Button>
        {job === null && (
          <Button variant="contained" onClick={start} disabled={!ready} data-testid="judge-start">
            Start
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
