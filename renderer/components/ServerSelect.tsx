// The kind of model server an endpoint is (docs/servers.md); "Detect" asks the server.
import type { SxProps, Theme } from '@mui/material/styles';
import { SERVER_CHOICES, SERVER_LABELS, type ServerChoice } from '../../shared/server-profiles';
import { OptionSelect } from './OptionSelect';

type Props = {
  value: ServerChoice;
  onChange: (value: ServerChoice) => void;
  testId: string;
  /** The kinds offered besides Detect (default: all). */
  kinds?: readonly ServerChoice[];
  sx?: SxProps<Theme>;
};

/** A stored value that is not a known kind (settings saved by an older version) reads as auto. */
export function serverChoiceOf(value: unknown): ServerChoice {
  return (SERVER_CHOICES as readonly unknown[]).includes(value) ? (value as ServerChoice) : 'auto';
}

export function ServerSelect({ value, onChange, testId, kinds = SERVER_CHOICES, sx }: Props) {
  const choices = kinds.includes('auto') ? kinds : (['auto', ...kinds] as ServerChoice[]);
  return (
    <OptionSelect
      label="Server"
      value={value}
      options={choices.map((choice) => ({ value: choice, label: SERVER_LABELS[choice] }))}
      onChange={(picked) => onChange(serverChoiceOf(picked))}
      testId={testId}
      sx={sx}
    />
  );
}
