// The rules of TurnRawToggle: a muted chip, filled while the stored text is shown.
import type { CSSObject, Theme } from '@mui/material/styles';
import { turnCardClasses } from './turn-card-styles';

export const turnRawToggleClasses = { raw: 'tw-raw' } as const;

export function turnRawToggleStyles(theme: Theme): CSSObject {
  const toggle = `& .${turnCardClasses.chip}.${turnRawToggleClasses.raw}`;
  return {
    [toggle]: { color: theme.palette.text.secondary, fontWeight: 500 },
    [`${toggle}[aria-pressed="true"]`]: {
      color: theme.palette.background.paper,
      backgroundColor: theme.palette.text.secondary,
    },
  };
}
