// Where a built-in reader finds the outcome and the grouping when the file's own fields differ
// (the --reward-field, --success-field, --task-field, --group-field and --report options).
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FormatOptions } from '../../../shared/model';

const FIELD_OPTIONS = [
  ['reward_field', 'Reward field'],
  ['success_field', 'Success field'],
  ['task_field', 'Task field'],
  ['group_field', 'Group field'],
  ['report', 'Results report (path)'],
] as const;

type Props = {
  value: FormatOptions;
  onChange: (value: FormatOptions) => void;
  disabled: boolean;
};

export function FieldOptions({ value, onChange, disabled }: Props) {
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
      {FIELD_OPTIONS.map(([key, label]) => (
        <TextField
          key={key}
          size="small"
          label={label}
          value={value[key] ?? ''}
          onChange={(event) => {
            const text = event.target.value.trim();
            onChange(
              Object.fromEntries(
                Object.entries({ ...value, [key]: text }).filter(([, v]) => v !== ''),
              ),
            );
          }}
          disabled={disabled}
        />
      ))}
    </Stack>
  );
}
