// The export's target and base selection: the explorer filter (edited in the explorer), an
// optional SQL condition on the trajectories view, the tokenizer for the tokens target, what
// happens to reasoning, and where RL prompt targets find the reference answer.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EXPORT_TARGET_INFO,
  EXPORT_TARGETS,
  type ExportTarget,
} from '../../../shared/export-targets';
import { isEmptyFilter, type TrajectoryFilter } from '../../../shared/trajectory-filter';
import { explorerHref } from '../../routing/routes';
import { filterParts } from '../../components/filters/ActiveFilterChips';
import { DraftField } from './DraftField';
import { DraftSelect } from './DraftSelect';
import type { ExportDraft } from './export-draft';
import { REASONING_TARGETS, TASK_PROMPT_TARGETS } from './target-options';

type Props = {
  filter: TrajectoryFilter;
  draft: ExportDraft;
  problems: Record<string, string>;
  onChange: (patch: Partial<ExportDraft>) => void;
};

export function ExportSelectionForm({ filter, draft, problems, onChange }: Props) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField
        select
        label="Target"
        value={draft.target}
        onChange={(event) => onChange({ target: event.target.value as ExportTarget })}
        helperText={EXPORT_TARGET_INFO[draft.target].writes}
        slotProps={{ htmlInput: { 'data-testid': 'export-target' } }}
      >
        {EXPORT_TARGETS.map((target) => (
          <MenuItem key={target} value={target}>
            {target} · {EXPORT_TARGET_INFO[target].title}
          </MenuItem>
        ))}
      </TextField>
      <Box>
        <Typography variant="subtitle2">Trajectories</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="export-filter">
          {isEmptyFilter(filter)
            ? 'Every trajectory in the workspace.'
            : filterParts(filter)
                .map((part) => part.label)
                .join(' · ')}
        </Typography>
        <Button size="small" href={explorerHref(filter)} sx={{ mt: 0.5 }}>
          Change in the explorer
        </Button>
      </Box>
      <TextField
        label="SQL condition (optional)"
        placeholder="reward >= 0.5 AND n_turns < 60"
        value={draft.where}
        onChange={(event) => onChange({ where: event.target.value })}
        helperText="One condition on the columns of the trajectories view."
        slotProps={{ htmlInput: { maxLength: 4000, 'data-testid': 'export-where' } }}
      />
      {draft.target === 'tokens' && (
        <DraftField
          label="tokenizer.json (where token ids are not stored)"
          value={draft.tokenizerPath}
          onChange={(tokenizerPath) => onChange({ tokenizerPath })}
          problem={problems.tokenizer_path}
          numeric={false}
          placeholder="/models/qwen/tokenizer.json"
          helperText="A local file; nothing is downloaded."
          testId="export-tokenizer"
        />
      )}
      {REASONING_TARGETS.has(draft.target) && (
        <DraftSelect
          label="Reasoning"
          value={draft.reasoning}
          options={[
            { value: 'keep', label: "Keep, in the trainer's convention" },
            { value: 'drop', label: 'Leave out' },
          ]}
          onChange={(reasoning) => onChange({ reasoning })}
          helperText="The assistant's thinking text, where the source recorded it."
          testId="export-reasoning"
        />
      )}
      <DraftSelect
        label="Secrets"
        value={draft.secrets}
        options={[
          { value: 'dataset', label: "Each dataset's choice at import" },
          { value: 'redact', label: 'Redact again in every dataset' },
          { value: 'keep', label: 'Keep as stored' },
        ]}
        onChange={(secrets) => onChange({ secrets })}
        helperText="Datasets redacted at import are written as stored; kept ones are redacted again unless you keep them."
        testId="export-secrets"
      />
      {TASK_PROMPT_TARGETS.has(draft.target) && (
        <DraftField
          label="Ground truth field (optional)"
          value={draft.groundTruth}
          onChange={(groundTruth) => onChange({ groundTruth })}
          problem={problems.ground_truth}
          numeric={false}
          placeholder="reward_spec.answer"
          helperText="A dot path into the trajectory metadata; empty uses the format's own field."
          testId="export-ground-truth"
        />
      )}
    </Box>
  );
}
