// Weighting options: how each turn's credit becomes a loss weight or train flag (for targets that
// carry one) and DRIFT's per-trajectory weights, with duplication by weight where a target has no
// weight field.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CREDIT_SOURCES, type CreditSource } from '../../../shared/api-export';
import { CheckOption } from './CheckOption';
import { DraftField } from './DraftField';
import { DraftSelect } from './DraftSelect';
import type { ExportDraft } from './export-draft';
import {
  RECORD_WEIGHT_TARGETS,
  TASK_PROMPT_TARGETS,
  TRAIN_FLAG_TARGETS,
  TURN_WEIGHT_TARGETS,
  usesCredit,
} from './target-options';

type Props = {
  draft: ExportDraft;
  problems: Record<string, string>;
  onChange: (patch: Partial<ExportDraft>) => void;
};

const SOURCE_LABELS: Record<CreditSource, string> = {
  total: 'Credit total (TRIAGE + outcome)',
  progress_advantage: 'Progress advantage',
  branch_advantage: 'Turn-tree branch advantage',
};

const TRANSFORMS = [
  { value: 'linear', label: '1 + s·x' },
  { value: 'exp', label: 'exp(s·x)' },
] as const;

const TRAJECTORY_WEIGHTS = [
  { value: 'none', label: 'None' },
  { value: 'drift', label: 'DRIFT (reward softmax per group)' },
] as const;

export function ExportWeightingFields({ draft, problems, onChange }: Props) {
  const turnWeights = TURN_WEIGHT_TARGETS.has(draft.target);
  if (TASK_PROMPT_TARGETS.has(draft.target)) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Records are task prompts for the trainer to sample from, so no trajectory weight applies.
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="subtitle2">Weighting</Typography>
      {usesCredit(draft.target) && (
        <DraftSelect
          label="Turn credit from"
          value={draft.weightSource}
          options={CREDIT_SOURCES.map((value) => ({ value, label: SOURCE_LABELS[value] }))}
          onChange={(weightSource) => onChange({ weightSource })}
          testId="export-weight-source"
        />
      )}
      {turnWeights && (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1.2fr 1fr 1fr 1fr', gap: 1 }}>
            <DraftSelect
              label="Transform"
              value={draft.weightTransform}
              options={TRANSFORMS}
              onChange={(weightTransform) => onChange({ weightTransform })}
              testId="export-weight-transform"
            />
            <DraftField
              label="s"
              value={draft.weightScale}
              onChange={(weightScale) => onChange({ weightScale })}
              problem={problems['weighting.scale']}
              testId="export-weight-scale"
            />
            <DraftField
              label="min"
              value={draft.weightMin}
              onChange={(weightMin) => onChange({ weightMin })}
              problem={problems['weighting.min']}
              testId="export-weight-min"
            />
            <DraftField
              label="max"
              value={draft.weightMax}
              onChange={(weightMax) => onChange({ weightMax })}
              problem={problems['weighting.max']}
              testId="export-weight-max"
            />
          </Box>
          <Typography variant="caption" sx={{ color: 'text.secondary', mt: -1 }}>
            Each turn's weight is its credit x through the transform, clipped to [min, max]; turns
            without credit keep weight 1.
          </Typography>
        </>
      )}
      {TRAIN_FLAG_TARGETS.has(draft.target) && (
        <DraftField
          label="Train a turn when its credit is at least"
          value={draft.trainThreshold}
          onChange={(trainThreshold) => onChange({ trainThreshold })}
          problem={problems['weighting.train_threshold']}
          helperText="Turns without credit are trained."
          testId="export-train-threshold"
        />
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        <DraftSelect
          label="Trajectory weights"
          value={draft.trajectoryWeights}
          options={TRAJECTORY_WEIGHTS}
          onChange={(trajectoryWeights) => onChange({ trajectoryWeights })}
          testId="export-trajectory-weights"
        />
        {draft.trajectoryWeights === 'drift' && (
          <DraftField
            label="DRIFT β"
            value={draft.driftBeta}
            onChange={(driftBeta) => onChange({ driftBeta })}
            problem={problems['weighting.drift_beta']}
            testId="export-drift-beta"
          />
        )}
      </Box>
      {draft.trajectoryWeights === 'drift' && RECORD_WEIGHT_TARGETS.has(draft.target) && (
        <Typography variant="caption" sx={{ color: 'text.secondary', mt: -1 }}>
          Written per record in the trajectory_weight column.
        </Typography>
      )}
      {draft.trajectoryWeights === 'drift' && !RECORD_WEIGHT_TARGETS.has(draft.target) && (
        <CheckOption
          label="Where the target has no weight field, write each record round(weight) times"
          checked={draft.duplicateByWeight}
          onChange={(duplicateByWeight) => onChange({ duplicateByWeight })}
          testId="export-duplicate-by-weight"
        />
      )}
    </Box>
  );
}
