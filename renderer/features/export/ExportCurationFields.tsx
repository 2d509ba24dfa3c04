// Curation options: top k per task, a spread cap per task, the group success (difficulty) range,
// stratification by difficulty, and what to do with approved counterexamples.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { COUNTEREXAMPLE_MODES, TOP_K_ORDERS } from '../../../shared/api-export';
import { DraftField } from './DraftField';
import { DraftSelect } from './DraftSelect';
import type { ExportDraft } from './export-draft';

type Props = {
  draft: ExportDraft;
  problems: Record<string, string>;
  onChange: (patch: Partial<ExportDraft>) => void;
};

const COUNTEREXAMPLE_LABELS: Record<(typeof COUNTEREXAMPLE_MODES)[number], string> = {
  keep: 'Keep them',
  drop: 'Drop them',
  only: 'Only them',
};

export function ExportCurationFields({ draft, problems, onChange }: Props) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="subtitle2">Curation</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        <DraftField
          label="Top k per task"
          value={draft.topK}
          onChange={(topK) => onChange({ topK })}
          problem={problems.top_k}
          testId="export-top-k"
        />
        <DraftSelect
          label="Best by"
          value={draft.topKBy}
          options={TOP_K_ORDERS.map((value) => ({
            value,
            label: value === 'reward' ? 'Reward' : 'Progress score',
          }))}
          onChange={(topKBy) => onChange({ topKBy })}
          testId="export-top-k-by"
        />
      </Box>
      <DraftField
        label="At most per task"
        value={draft.maxPerTask}
        onChange={(maxPerTask) => onChange({ maxPerTask })}
        problem={problems.max_per_task}
        helperText="A repeatable spread, not the best: use top k for the best."
        testId="export-max-per-task"
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        <DraftField
          label="Group success ≥"
          value={draft.groupSuccessMin}
          onChange={(groupSuccessMin) => onChange({ groupSuccessMin })}
          problem={problems.group_success_min}
          placeholder="0"
          testId="export-group-success-min"
        />
        <DraftField
          label="Group success ≤"
          value={draft.groupSuccessMax}
          onChange={(groupSuccessMax) => onChange({ groupSuccessMax })}
          problem={problems.group_success_max}
          placeholder="1"
          testId="export-group-success-max"
        />
      </Box>
      <DraftField
        label="Stratify by difficulty: bins"
        value={draft.stratifyBins}
        onChange={(stratifyBins) => onChange({ stratifyBins })}
        problem={problems.stratify_bins}
        helperText="Equal-width bins of group success rate; the same number kept from each."
        testId="export-stratify-bins"
      />
      <DraftSelect
        label="Approved counterexamples"
        value={draft.counterexamples}
        options={COUNTEREXAMPLE_MODES.map((value) => ({
          value,
          label: COUNTEREXAMPLE_LABELS[value],
        }))}
        onChange={(counterexamples) => onChange({ counterexamples })}
        helperText="Trajectories with a counterexample a reviewer approved."
        testId="export-counterexamples"
      />
    </Box>
  );
}
