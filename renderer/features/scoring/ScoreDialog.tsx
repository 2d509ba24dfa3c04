// Score log-probs: send trajectories to a policy and a reference endpoint (a vLLM or SGLang
// server), then follow the job (cancellable). Finished trajectories are
// committed as they complete, so a cancelled run resumes with "only missing".
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { SCORING_RENDERINGS, type ScoringRendering } from '../../../shared/api-scoring';
import { useApi } from '../../api/useApi';
import { ErrorAlert } from '../../components/ErrorAlert';
import { EndpointFields } from './EndpointFields';
import { checkScoringForm, initialScoringForm, type ScoringForm } from './scoring-form';
import { ScoreProgress } from './ScoreProgress';
import { useScoringJob } from './useScoringJob';

const RENDERING_LABELS: Record<ScoringRendering, string> = {
  chat_template: "The model's chat template (via /tokenize)",
  chatml: 'Turnwise ChatML (base models, no template)',
};

type Props = { datasetId: string; onClose: () => void };

/** Mount it when opened (and unmount on close), so each opening starts from a fresh form. */
export function ScoreDialog({ datasetId, onClose }: Props) {
  const datasets = useApi('listDatasets', {});
  const [form, setForm] = useState<ScoringForm>(() => initialScoringForm(datasetId));
  const scoring = useScoringJob();
  const { job } = scoring;
  const editable = job === null || job.status !== 'running';
  const check = checkScoringForm(form);
  const set = (patch: Partial<ScoringForm>) => setForm((current) => ({ ...current, ...patch }));

  return (
    <Dialog open onClose={editable ? onClose : undefined} maxWidth="md" fullWidth>
      <DialogTitle>Score log-probs</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          Each trajectory is sent as token ids to a vLLM or SGLang server, which returns the
          log-probs of the prompt&apos;s own tokens; every assistant turn gets its tokens&apos;
          log-probs under the policy and the reference model. Leave one endpoint empty to score one
          side only. The server kind is detected unless set.
        </Typography>
        <Stack spacing={2}>
          <EndpointFields
            side="policy"
            value={form.policy}
            onChange={(policy) => set({ policy })}
            disabled={!editable}
          />
          <EndpointFields
            side="ref"
            value={form.ref}
            onChange={(ref) => set({ ref })}
            disabled={!editable}
          />
          <Divider />
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
            <TextField
              select
              size="small"
              label="Trajectories"
              value={form.datasetId}
              onChange={(event) => set({ datasetId: event.target.value })}
              disabled={!editable}
              sx={{ minWidth: 220 }}
            >
              <MenuItem value="">All datasets</MenuItem>
              {(datasets.data?.datasets ?? []).map((d) => (
                <MenuItem key={d.dataset_id} value={d.dataset_id}>
                  {d.name} ({d.trajectories})
                </MenuItem>
              ))}
              {datasets.data === undefined && <MenuItem value={datasetId}>{datasetId}</MenuItem>}
            </TextField>
            <TextField
              select
              size="small"
              label="Rendering"
              value={form.rendering}
              onChange={(event) => set({ rendering: event.target.value as ScoringRendering })}
              disabled={!editable}
              sx={{ minWidth: 300 }}
            >
              {SCORING_RENDERINGS.map((rendering) => (
                <MenuItem key={rendering} value={rendering}>
                  {RENDERING_LABELS[rendering]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label="Concurrency"
              type="number"
              value={form.concurrency}
              onChange={(event) => set({ concurrency: event.target.value })}
              disabled={!editable}
              sx={{ width: 130 }}
              slotProps={{ htmlInput: { min: 1, max: 64, 'data-testid': 'score-concurrency' } }}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={form.onlyMissing}
                  onChange={(event) => set({ onlyMissing: event.target.checked })}
                  slotProps={{ input: { 'aria-label': 'Only missing' } }}
                />
              }
              label="Only turns missing these log-probs"
              disabled={!editable}
            />
          </Stack>
          {!check.ok && job === null && (
            <Alert severity="info" data-testid="score-form-problem">
              {check.problem}
            </Alert>
          )}
          {scoring.error !== null && (
            <ErrorAlert error={scoring.error} title="Scoring could not start" />
          )}
          {job !== null && (
            <Box>
              <ScoreProgress job={job} />
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {job?.status === 'running' ? (
          <Button color="warning" onClick={scoring.cancel} data-testid="score-cancel">
            Cancel scoring
          </Button>
        ) : (
          <Button onClick={onClose}>Close</Button>
        )}
        <Button
          variant="contained"
          onClick={() => check.ok && void scoring.start(check.request)}
          disabled={!check.ok || !editable}
          data-testid="score-start"
        >
          {job === null ? 'Score' : 'Score again'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
