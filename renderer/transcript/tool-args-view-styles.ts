// The rules of ToolArgsView: one field per line (name: value), and code as numbered lines with
// a gutter, which file views in tool output (FileViewText) use too.
import type { CSSObject, Theme } from '@mui/material/styles';
import { MONO_FONT } from '../theme/theme';
import { toolCallViewClasses } from './tool-call-view-styles';

export const toolArgsViewClasses = {
  fields: 'tw-call-fields',
  arg: 'tw-arg',
  name: 'tw-arg-name',
  lines: 'tw-arg-lines',
  gutter: 'tw-arg-gutter',
  code: 'tw-arg-code',
} as const;

export function toolArgsViewStyles(theme: Theme): CSSObject {
  const c = toolArgsViewClasses;
  return {
    [`& .${c.fields}`]: { padding: theme.spacing(0.5, 1), fontFamily: MONO_FONT, fontSize: 12 },
    [`& .${c.name}`]: { fontWeight: 700, color: theme.palette.text.secondary },
    // A field's value sits in the field list's padding already.
    [`& .${c.arg} .${toolCallViewClasses.args}`]: { padding: theme.spacing(0.5, 0), margin: 0 },
    [`& .${c.lines}`]: { display: 'flex' },
    [`& .${c.gutter}`]: {
      userSelect: 'none',
      textAlign: 'right',
      paddingRight: theme.spacing(1),
      marginRight: theme.spacing(1),
      borderRight: `1px solid ${theme.palette.divider}`,
      color: theme.palette.text.disabled,
      whiteSpace: 'pre',
    },
    [`& .${c.code}`]: { flex: 1, minWidth: 0 },
  };
}
