// The rules of HighlightedText: a search match on a warning-coloured ground.
import type { CSSObject, Theme } from '@mui/material/styles';

export const highlightedTextClasses = { match: 'tw-match' } as const;

export function highlightedTextStyles(theme: Theme): CSSObject {
  return {
    [`& .${highlightedTextClasses.match}`]: {
      backgroundColor: theme.palette.warning.light,
      color: theme.palette.getContrastText(theme.palette.warning.light),
      borderRadius: 2,
    },
  };
}
