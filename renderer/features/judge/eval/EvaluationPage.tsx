// `#/judge`: measure a judge prompt version against the suite (approved counterexamples and every
// human-labeled segment), read its numbers, and compare two evaluations side by side.
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { JudgeEvalRecordSchema } from '../../../../shared/api-judge-eval';
import { useApi } from '../../../api/useApi';
import { useInvalidate } from '../../../api/useInvalidate';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { evalLabel } from '../../../components/eval-format';
import { EvalComparison } from './EvalComparison';
import { EvalResultView } from './EvalResultView';
import { EvalRunPanel } from './EvalRunPanel';
import { useEvalJob } from './useEvalJob';

export function EvaluationPage() {
  const evals = useApi('listJudgeEvals', {}, { keepPrevious: true });
  const evalJob = useEvalJob();
  const [pair, setPair] = useState<{ a: string; b: string } | null>(null);
  const list = evals.data?.evals ?? [];
  const finished = evalJob.job?.status === 'succeeded' ? evalJob.job : null;
  const invalidate = useInvalidate();
  // A finished run is shown until the user picks another evaluation after it.
  const [choice, setChoice] = useState<{ id: string; after: string | null } | null>(null);
  const finishedRecord = JudgeEvalRecordSchema.safeParse(finished?.result);
  const finishedId = finishedRecord.success ? finishedRecord.data.eval_id : null;
  const after = finished?.job_id ?? null;
  const selected = choice !== null && choice.after === after ? choice.id : finishedId;

  // A finished run is stored: list it (here and on the prompts page).
  useEffect(() => {
    if (after !== null) void invalidate('listJudgeEvals');
  }, [after, invalidate]);

  const current = list.find((e) => e.eval_id === selected) ?? list[0];
  const compare = pair ?? { a: list[1]?.eval_id ?? '', b: list[0]?.eval_id ?? '' };

  return (
    <Box>
      <PageHeader
        title="Judge evaluation"
        subtitle="A judge prompt version measured against approved counterexamples and human labels: accuracy, Cohen's kappa, per-role F1 and regression-in-success."
      />
      <EvalRunPanel evalJob={evalJob} />
      {evals.error !== undefined && (
        <Box sx={{ mt: 2 }}>
          <ErrorAlert
            error={evals.error}
            title="Could not load the evaluations"
            onRetry={evals.reload}
          />
        </Box>
      )}
      {evals.data !== undefined && list.length === 0 && (
        <Box sx={{ mt: 3 }}>
          <EmptyState title="No evaluation yet">
            Run one above: its numbers are stored, so later versions can be compared with it.
          </EmptyState>
        </Box>
      )}
      {current !== undefined && (
        <Box sx={{ mt: 3 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
              Result
            </Typography>
            <TextField
              select
              size="small"
              label="Evaluation"
              value={current.eval_id}
              onChange={(event) => setChoice({ id: event.target.value, after })}
              sx={{ minWidth: 360 }}
              slotProps={{ htmlInput: { 'data-testid': 'eval-select' } }}
            >
              {list.map((record) => (
                <MenuItem key={record.eval_id} value={record.eval_id}>
                  {evalLabel(record)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <EvalResultView record={current} />
        </Box>
      )}
      {list.length >= 2 && (
        <Box sx={{ mt: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Compare two evaluations
          </Typography>
          <EvalComparison
            evals={list}
            a={compare.a}
            b={compare.b}
            onChange={(a, b) => setPair({ a, b })}
          />
        </Box>
      )}
    </Box>
  );
}
