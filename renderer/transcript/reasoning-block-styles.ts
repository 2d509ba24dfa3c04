// The rules of ReasoningBlock: a quiet toggle and the reasoning muted, indented and in italics.
import type { CSSObject, Theme } from '@mui/material/styles';
import { WRAPPED_TEXT } from './turn-content-styles';

export const reasoningBlockClasses = {
  toggle: 'tw-toggle',
  reasoning: 'tw-reasoning',
} as const;

export function reasoningBlockStyles(theme: Theme): CSSObject {
  const c = reasoningBlockClasses;
  return {
    [`& .${c.toggle}`]: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: 4,
      marginTop: theme.spacing(0.5),
      padding: '2px 4px',
      border: 0,
      borderRadius: theme.shape.borderRadius,
      background: 'none',
      font: 'inherit',
      fontSize: 12,
      color: theme.palette.text.secondary,
      cursor: 'pointer',
      '&:hover': { backgroundColor: theme.palette.action.hover },
      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
    },
    [`& .${c.reasoning}`]: {
      ...WRAPPED_TEXT,
      marginTop: theme.spacing(0.5),
      paddingLeft: theme.spacing(1.5),
      borderLeft: `2px solid ${theme.palette.divider}`,
      color: theme.palette.text.secondary,
      fontSize: 13,
      fontStyle: 'italic',
    },
  };
}
