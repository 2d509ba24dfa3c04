// One evaluation: the headline cards, the per-role table and the confusion matrix, against human
// labels or against approved counterexamples.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { JudgeEvalRecord } from '../../../../shared/api-judge-eval';
import { ConfusionHeatmap } from './ConfusionHeatmap';
import { EvalSummaryCards } from './EvalSummaryCards';
import { PerRoleTable } from '../../../components/PerRoleTable';

export function EvalResultView({ record }: { record: JudgeEvalRecord }) {
  const [against, setAgainst] = useState<'human_labeled' | 'counterexamples'>('human_labeled');
  const { result } = record;
  const report = result[against];
  const judging = result.judging;
  return (
    <Box data-testid="eval-result">
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {result.prompt_version} · {result.model ?? 'labels of any model'} · {result.segmentation}{' '}
        segments · {result.suite_segments} in the suite, {result.unjudged} without a label from this
        version
        {judging === null
          ? ''
          : ` · judged ${judging.segments} first (${judging.labeled} labels written, ${judging.cached} from the cache, ${judging.failed} failed)`}
      </Typography>
      <EvalSummaryCards result={result} />
      <Paper variant="outlined" sx={{ mt: 2 }}>
        <Tabs value={against} onChange={(_, value: typeof against) => setAgainst(value)}>
          <Tab value="human_labeled" label={`Human labels (${result.human_labeled.n})`} />
          <Tab value="counterexamples" label={`Counterexamples (${result.counterexamples.n})`} />
        </Tabs>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
            gap: 2,
            p: 2,
          }}
        >
          <PerRoleTable report={report} testId="eval-per-role" />
          <ConfusionHeatmap report={report} />
        </Box>
      </Paper>
    </Box>
  );
}
