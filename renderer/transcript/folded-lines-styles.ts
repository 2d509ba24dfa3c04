// The rules of FoldedLines: the "lines hidden" button as a small monospace line of its own.
import type { CSSObject, Theme } from '@mui/material/styles';
import { MONO_FONT } from '../theme/theme';

export const foldedLinesClasses = { fold: 'tw-fold' } as const;

export function foldedLinesStyles(theme: Theme): CSSObject {
  return {
    [`& .${foldedLinesClasses.fold}`]: {
      fontFamily: MONO_FONT,
      fontSize: 11,
      cursor: 'pointer',
      margin: theme.spacing(0.5, 0),
    },
  };
}
