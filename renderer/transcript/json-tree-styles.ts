// The rules of JsonTree: react-json-view-lite's parts as theme-coloured monospace, with the
// triangles and the ellipsis of a closed node drawn in CSS.
import type { CSSObject, Theme } from '@mui/material/styles';
import { MONO_FONT } from '../theme/theme';

/** The class of each part react-json-view-lite draws (row and other values are left plain). */
export const jsonTreeClasses = {
  container: 'tw-json',
  row: 'tw-json-row',
  key: 'tw-json-key',
  clickable: 'tw-json-clickable',
  null: 'tw-json-null',
  number: 'tw-json-number',
  string: 'tw-json-string',
  boolean: 'tw-json-boolean',
  other: 'tw-json-other',
  punctuation: 'tw-json-punct',
  expand: 'tw-json-expand',
  collapse: 'tw-json-collapse',
  collapsed: 'tw-json-collapsed',
  children: 'tw-json-children',
} as const;

export function jsonTreeStyles(theme: Theme): CSSObject {
  const c = jsonTreeClasses;
  return {
    [`& .${c.container}`]: {
      fontFamily: MONO_FONT,
      fontSize: 12,
      lineHeight: 1.5,
      whiteSpace: 'pre-wrap',
      wordBreak: 'break-word',
    },
    [`& .${c.children}`]: { margin: 0, paddingLeft: theme.spacing(2), listStyle: 'none' },
    [`& .${c.key}`]: { color: theme.palette.primary.dark, marginRight: theme.spacing(0.5) },
    [`& .${c.clickable}`]: { cursor: 'pointer' },
    [`& .${c.string}`]: { color: theme.palette.success.dark },
    [`& .${c.number}, & .${c.boolean}`]: { color: theme.palette.info.dark },
    [`& .${c.null}`]: { color: theme.palette.text.secondary },
    [`& .${c.punctuation}`]: { color: theme.palette.text.secondary },
    [`& .${c.expand}, & .${c.collapse}`]: {
      cursor: 'pointer',
      userSelect: 'none',
      marginRight: theme.spacing(0.5),
    },
    [`& .${c.expand}::after`]: { content: '"\\25B8"' },
    [`& .${c.collapse}::after`]: { content: '"\\25BE"' },
    [`& .${c.collapsed}::after`]: { content: '"…"', color: theme.palette.text.secondary },
  };
}
