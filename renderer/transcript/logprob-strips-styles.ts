// The rules of LogprobStrips: the strips stacked closely under the tokens, the readout below.
import type { CSSObject, Theme } from '@mui/material/styles';
import { MONO_FONT } from '../theme/theme';

export const logprobStripsClasses = {
  strips: 'tw-strips',
  readout: 'tw-strip-readout',
} as const;

export function logprobStripsStyles(theme: Theme): CSSObject {
  const c = logprobStripsClasses;
  return {
    [`& .${c.strips}`]: { marginTop: theme.spacing(0.75), display: 'grid', gap: 2 },
    [`& .${c.readout}`]: { minHeight: 16, fontFamily: MONO_FONT },
  };
}
