// A run in the lineage: what it is (model, checkpoint, step), how it did (success, reward, size),
// whether it is the best or was rolled back, the curation answer against its parent, and the
// decisions: keep it as the best, roll it back, compare it with its parent.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Star from '@mui/icons-material/Star';
import type { RunInfo } from '../../../shared/api-runs';
import { AppLink } from '../../components/AppLink';
import { DASH, formatCount, formatPercent, formatReward } from '../../components/format';
import { compareHref, datasetHref } from '../../routing/routes';
import { CurationAnswer } from './CurationAnswer';
import type { DecideRun } from './useDecideRun';

type Props = { run: RunInfo; decision: DecideRun };

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {value}
      </Typography>
    </Box>
  );
}

export function LineageRunCard({ run, decision }: Props) {
  const busy = decision.pending === run.dataset_id;
  const identity = [
    run.model === null
      ? null
      : `${run.model}${run.model_source === 'data' ? ' (from rollouts)' : ''}`,
    run.checkpoint,
    run.step === null ? null : `step ${run.step}`,
  ].filter((part): part is string => part !== null && part !== '');
  return (
    <Paper
      variant="outlined"
      data-testid="runs-card"
      data-run={run.dataset_id}
      sx={{
        p: 1.5,
        width: 430,
        borderColor: run.best ? 'primary.main' : undefined,
        borderWidth: run.best ? 2 : 1,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <AppLink
          href={datasetHref(run.dataset_id)}
          variant="subtitle1"
          sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}
        >
          {run.name}
        </AppLink>
        <Box sx={{ flex: 1 }} />
        {run.best && <Chip size="small" color="primary" icon={<Star />} label="best" />}
        {run.verdict === 'kept' && (
          <Chip size="small" color="success" variant="outlined" label="kept" />
        )}
        {run.verdict === 'rolled_back' && (
          <Chip size="small" color="warning" variant="outlined" label="rolled back" />
        )}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {identity.length === 0 ? 'No model or checkpoint set' : identity.join(' · ')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 1 }}>
        <Figure label="Success" value={formatPercent(run.success_rate)} />
        <Figure label="Mean reward" value={formatReward(run.mean_reward)} />
        <Figure label="Trajectories" value={formatCount(run.trajectories)} />
        <Figure label="Tasks" value={run.tasks === 0 ? DASH : formatCount(run.tasks)} />
      </Box>
      {run.notes !== null && run.notes !== '' && (
        <Typography
          variant="caption"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 72, overflow: 'auto' }}
        >
          {run.notes}
        </Typography>
      )}
      {run.parent !== null && run.trained_from !== null && (
        <CurationAnswer parent={run.parent} run={run.dataset_id} />
      )}
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          disabled={busy || run.best}
          onClick={() => void decision.decide(run.dataset_id, 'kept')}
        >
          Keep as best
        </Button>
        <Button
          size="small"
          disabled={busy || run.verdict === 'rolled_back'}
          onClick={() => void decision.decide(run.dataset_id, 'rolled_back')}
        >
          Roll back
        </Button>
        {run.parent !== null && (
          <Button size="small" href={compareHref([run.parent, run.dataset_id])}>
            Compare with parent
          </Button>
        )}
      </Box>
    </Paper>
  );
}
