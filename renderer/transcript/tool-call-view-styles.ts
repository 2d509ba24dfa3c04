// The rules of ToolCallView: a framed box with a monospace head (name, id, warning, raw toggle)
// and the arguments below in a scroll box.
import type { CSSObject, Theme } from '@mui/material/styles';
import { MONO_FONT } from '../theme/theme';
import { WRAPPED_TEXT } from './turn-content-styles';

export const toolCallViewClasses = {
  call: 'tw-call',
  head: 'tw-call-head',
  name: 'tw-call-name',
  warning: 'tw-call-warning',
  /** Arguments as one text: indented JSON, the stored JSON, or a field's value. */
  args: 'tw-call-args',
  raw: 'tw-call-raw',
} as const;

export function toolCallViewStyles(theme: Theme): CSSObject {
  const c = toolCallViewClasses;
  return {
    [`& .${c.call}`]: {
      border: `1px solid ${theme.palette.divider}`,
      borderRadius: theme.shape.borderRadius,
      overflow: 'hidden',
      marginTop: theme.spacing(1),
    },
    [`& .${c.head}`]: {
      display: 'flex',
      alignItems: 'baseline',
      gap: theme.spacing(1),
      padding: theme.spacing(0.5, 1),
      backgroundColor: theme.palette.action.hover,
      fontFamily: MONO_FONT,
      fontSize: 12,
    },
    [`& .${c.name}`]: { fontWeight: 700 },
    [`& .${c.warning}`]: {
      marginLeft: 'auto',
      fontSize: 11,
      color: theme.palette.warning.main,
    },
    [`& .${c.args}`]: {
      ...WRAPPED_TEXT,
      padding: theme.spacing(0.75, 1),
      fontFamily: MONO_FONT,
      fontSize: 12,
      maxHeight: 480,
      overflow: 'auto',
    },
    [`& .${c.raw}`]: {
      marginLeft: 'auto',
      fontFamily: MONO_FONT,
      fontSize: 11,
      cursor: 'pointer',
    },
    [`& .${c.raw}[aria-pressed="true"]`]: { fontWeight: 700 },
  };
}
