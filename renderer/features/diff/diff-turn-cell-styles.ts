// The rules of DiffTurnCell's empty side: a dashed box as tall as the row, saying so in italics.
import type { CSSObject, Theme } from '@mui/material/styles';

export const diffTurnCellClasses = { gap: 'tw-diff-gap' } as const;

export function diffTurnCellStyles(theme: Theme): CSSObject {
  return {
    [`& .${diffTurnCellClasses.gap}`]: {
      height: `calc(100% - 8px)`,
      minHeight: 36,
      marginBottom: theme.spacing(1),
      border: `1px dashed ${theme.palette.divider}`,
      borderRadius: theme.shape.borderRadius,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      fontSize: 12,
      fontStyle: 'italic',
      color: theme.palette.text.disabled,
    },
  };
}
