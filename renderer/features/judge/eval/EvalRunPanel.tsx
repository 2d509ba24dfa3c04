// Starts an evaluation: a prompt version, and either an endpoint and model to judge the suite
// segments this version has not labeled yet, or scoring of the labels it already wrote.
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_API_KEY_ENV, DEFAULT_JUDGE_PROMPT_VERSION } from '../../../../shared/api-judge';
import { useApi } from '../../../api/useApi';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { JobProgressBar } from '../../../components/JobProgressBar';
import { ServerSelect, serverChoiceOf } from '../../../components/ServerSelect';
import { usePersistentState } from '../../../hooks/usePersistentState';
import type { EvalJob } from './useEvalJob';

const INITIAL = {
  mode: 'score' as 'judge' | 'score',
  promptVersion: DEFAULT_JUDGE_PROMPT_VERSION,
  endpoint: '',
  model: '',
  apiKeyEnv: DEFAULT_API_KEY_ENV,
  server: 'auto' as string,
};
type Settings = typeof INITIAL;

export function EvalRunPanel({ evalJob }: { evalJob: EvalJob }) {
  const [settings, setSettings] = usePersistentState<Settings>('evaluation.settings', INITIAL);
  const prompts = useApi('listJudgePrompts', {});
  const { job } = evalJob;
  const running = job?.status === 'running';
  const set = (key: keyof Settings) => (event: { target: { value: string } }) =>
    setSettings((current) => ({ ...current, [key]: event.target.value }));
  const known = prompts.data?.prompts.some((p) => p.version_id === settings.promptVersion);
  const judging = settings.mode === 'judge';
  const ready =
    known === true &&
    !running &&
    (!judging || (settings.endpoint.trim() !== '' && settings.model.trim() !== ''));
  const model = settings.model.trim();
  const server = serverChoiceOf(settings.server);

  const start = () =>
    void evalJob.start({
      prompt_version: settings.promptVersion,
      ...(judging
        ? {
            endpoint: settings.endpoint.trim(),
            model,
            api_key_env: settings.apiKeyEnv.trim() || DEFAULT_API_KEY_ENV,
            ...(server === 'auto' ? {} : { server }),
          }
        : model === ''
          ? {}
          : { model }),
    });

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label="Prompt version"
            value={known === true ? settings.promptVersion : ''}
            onChange={set('promptVersion')}
            sx={{ minWidth: 240 }}
            slotProps={{ htmlInput: { 'data-testid': 'eval-prompt-version' } }}
          >
            {(prompts.data?.prompts ?? []).map((p) => (
              <MenuItem key={p.version_id} value={p.version_id}>
                {p.version_id}
              </MenuItem>
            ))}
          </TextField>
          <RadioGroup row value={settings.mode} onChange={set('mode')}>
            <FormControlLabel
              value="score"
              control={<Radio size="small" />}
              label="Score existing labels"
              data-testid="eval-mode-score"
            />
            <FormControlLabel
              value="judge"
              control={<Radio size="small" />}
              label="Judge the unjudged suite segments first"
              data-testid="eval-mode-judge"
            />
          </RadioGroup>
        </Stack>
        <Stack direction="row" spacing={2}>
          {judging && (
            <TextField
              size="small"
              label="Endpoint (API base URL)"
              placeholder="http://localhost:8000/v1"
              value={settings.endpoint}
              onChange={set('endpoint')}
              sx={{ flex: 3 }}
              slotProps={{ htmlInput: { 'data-testid': 'eval-endpoint', spellCheck: false } }}
            />
          )}
          <TextField
            size="small"
            label={judging ? 'Model' : 'Model (blank: any)'}
            value={settings.model}
            onChange={set('model')}
            sx={{ flex: 2 }}
            slotProps={{ htmlInput: { 'data-testid': 'eval-model', spellCheck: false } }}
          />
          {judging && (
            <TextField
              size="small"
              label="API key environment variable"
              value={settings.apiKeyEnv}
              onChange={set('apiKeyEnv')}
              sx={{ flex: 2 }}
              slotProps={{ htmlInput: { 'data-testid': 'eval-api-key-env', spellCheck: false } }}
            />
          )}
          {judging && (
            <ServerSelect
              value={server}
              onChange={(value) => setSettings((current) => ({ ...current, server: value }))}
              testId="eval-server"
              sx={{ flex: 1 }}
            />
          )}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button variant="contained" disabled={!ready} onClick={start} data-testid="eval-start">
            Evaluate
          </Button>
          {running && (
            <Button color="warning" onClick={evalJob.cancel} data-testid="eval-cancel">
              Cancel
            </Button>
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            The suite: approved counterexamples and every segment with a human label.
          </Typography>
        </Stack>
        {running && job !== null && (
          <JobProgressBar job={job} testId="eval-progress">
            {job.progress.message}
          </JobProgressBar>
        )}
        {job !== null && job.error !== null && (
          <ErrorAlert
            error={job.error}
            title={job.status === 'cancelled' ? 'Evaluation cancelled' : 'The evaluation failed'}
          />
        )}
        {evalJob.error !== null && (
          <ErrorAlert error={evalJob.error} title="The evaluation could not start" />
        )}
        {prompts.error !== undefined && (
          <ErrorAlert error={prompts.error} title="Could not load the prompt versions" />
        )}
      </Stack>
    </Paper>
  );
}
