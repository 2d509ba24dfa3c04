// Two prompt versions side by side in Monaco's diff editor; by default the selected version
// against its parent, and any two can be picked.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { JudgePrompt } from '../../../../shared/api-judge';
import { DiffEditor } from '../../../components/monaco/DiffEditor';
import { OptionSelect } from '../../../components/OptionSelect';

type Props = { prompts: JudgePrompt[]; selected: JudgePrompt };

export function PromptDiffPanel({ prompts, selected }: Props) {
  const [left, setLeft] = useState(selected.parent_version ?? selected.version_id);
  const [right, setRight] = useState(selected.version_id);
  const original = prompts.find((p) => p.version_id === left);
  const modified = prompts.find((p) => p.version_id === right);
  const options = prompts.map((p) => ({ value: p.version_id, label: p.version_id }));
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, mb: 1, alignItems: 'center' }}>
        <OptionSelect
          label="Older"
          value={left}
          options={options}
          onChange={setLeft}
          testId="prompt-diff-left"
          sx={{ minWidth: 240 }}
        />
        <OptionSelect
          label="Newer"
          value={right}
          options={options}
          onChange={setRight}
          testId="prompt-diff-right"
          sx={{ minWidth: 240 }}
        />
        {original !== undefined && original.text === modified?.text && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            The two texts are the same.
          </Typography>
        )}
      </Box>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
        <DiffEditor
          original={original?.text ?? ''}
          modified={modified?.text ?? ''}
          height={420}
          ariaLabel={`Prompt ${left} against ${right}`}
          testId="prompt-diff"
        />
      </Box>
    </Box>
  );
}
