// Pairing options for the preference targets: trajectory pairs (success vs failure of a task) and
// step pairs at turn-tree branch points, with their gap and per-task cap; LLaMA-Factory's
// switch between SFT conversations and preference pairs.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CheckOption } from './CheckOption';
import { DraftField } from './DraftField';
import type { ExportDraft } from './export-draft';

type Props = {
  draft: ExportDraft;
  problems: Record<string, string>;
  onChange: (patch: Partial<ExportDraft>) => void;
};

export function ExportPairingFields({ draft, problems, onChange }: Props) {
  const llamaFactory = draft.target === 'llamafactory';
  const pairs = !llamaFactory || draft.preference;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle2">Pairs</Typography>
      {llamaFactory && (
        <CheckOption
          label="Preference pairs (ranking) instead of conversations"
          checked={draft.preference}
          onChange={(preference) => onChange({ preference })}
          testId="export-preference"
        />
      )}
      {pairs && (
        <>
          <CheckOption
            label={
              draft.target === 'trl-kto'
                ? 'Trajectory records (label = success)'
                : 'Trajectory pairs: a success against a failure of the same task'
            }
            checked={draft.trajectoryPairs}
            onChange={(trajectoryPairs) => onChange({ trajectoryPairs })}
            testId="export-trajectory-pairs"
          />
          <CheckOption
            label="Step pairs at turn-tree branch points"
            checked={draft.stepPairs}
            onChange={(stepPairs) => onChange({ stepPairs })}
            testId="export-step-pairs"
          />
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
            <DraftField
              label="Step value gap ≥"
              value={draft.stepMinGap}
              onChange={(stepMinGap) => onChange({ stepMinGap })}
              problem={problems['pairs.min_gap']}
              testId="export-step-min-gap"
            />
            <DraftField
              label="Pairs per task ≤"
              value={draft.maxPairsPerTask}
              onChange={(maxPairsPerTask) => onChange({ maxPairsPerTask })}
              problem={problems['pairs.max_pairs_per_task']}
              testId="export-max-pairs-per-task"
            />
          </Box>
        </>
      )}
    </Box>
  );
}
