// The rules of TokenTextCells: the tokens as monospace cells in a scroll box, each cell's right
// edge a hairline so neighbouring tokens of one colour stay apart.
import type { CSSObject, Theme } from '@mui/material/styles';
import { MONO_FONT } from '../theme/theme';

export const tokenTextCellsClasses = {
  text: 'tw-token-text',
  token: 'tw-token',
} as const;

export function tokenTextCellsStyles(theme: Theme): CSSObject {
  const c = tokenTextCellsClasses;
  return {
    [`& .${c.text}`]: {
      fontFamily: MONO_FONT,
      fontSize: 12,
      lineHeight: '20px',
      whiteSpace: 'pre-wrap',
      wordBreak: 'break-all',
      maxHeight: 240,
      overflow: 'auto',
    },
    [`& .${c.token}`]: {
      boxShadow: `inset -1px 0 ${theme.palette.background.paper}`,
      cursor: 'default',
    },
  };
}
