// The rules of message Markdown (MarkdownText) inside a turn card: compact headings and spacing
// (a card is not a document), lists, quotes and tables, inline code and fenced blocks.
import type { CSSObject, Theme } from '@mui/material/styles';
import { MONO_FONT } from '../theme/theme';
import { codeTextClasses } from './code-text-styles';
import { turnContentClasses } from './turn-content-styles';

/** The element that holds a message's Markdown (with turnContentClasses.content). */
export const markdownTextClasses = { markdown: 'tw-markdown' } as const;

export function markdownTextStyles(theme: Theme): CSSObject {
  const md = `& .${markdownTextClasses.markdown}`;
  const heading = { margin: theme.spacing(1, 0, 0.5), fontWeight: 600, lineHeight: 1.3 };
  return {
    [`& .${turnContentClasses.content}.${markdownTextClasses.markdown}`]: { whiteSpace: 'normal' },
    [`${md} > :first-child`]: { marginTop: 0 },
    [`${md} > :last-child`]: { marginBottom: 0 },
    [`${md} p`]: { margin: theme.spacing(0.5, 0) },
    [`${md} h1`]: { ...heading, fontSize: '1.25em' },
    [`${md} h2`]: { ...heading, fontSize: '1.15em' },
    [`${md} h3`]: { ...heading, fontSize: '1.05em' },
    [`${md} :is(h4, h5, h6)`]: { ...heading, fontSize: '1em' },
    [`${md} :is(ul, ol)`]: { margin: theme.spacing(0.5, 0), paddingLeft: theme.spacing(3) },
    [`${md} li > p`]: { margin: 0 },
    [`${md} li.task-list-item`]: { listStyle: 'none' },
    [`${md} input[type="checkbox"]`]: { margin: '0 4px 0 -18px', verticalAlign: 'middle' },
    [`${md} blockquote`]: {
      margin: theme.spacing(0.5, 0),
      paddingLeft: theme.spacing(1.5),
      borderLeft: `3px solid ${theme.palette.divider}`,
      color: theme.palette.text.secondary,
    },
    [`${md} hr`]: {
      border: 0,
      borderTop: `1px solid ${theme.palette.divider}`,
      margin: theme.spacing(1, 0),
    },
    [`${md} table`]: {
      display: 'block',
      overflowX: 'auto',
      borderCollapse: 'collapse',
      margin: theme.spacing(0.5, 0),
      fontSize: 12,
    },
    [`${md} :is(th, td)`]: {
      border: `1px solid ${theme.palette.divider}`,
      padding: theme.spacing(0.25, 1),
      verticalAlign: 'top',
    },
    [`${md} th`]: { backgroundColor: theme.palette.action.hover, fontWeight: 600 },
    [`${md} code:not(.${codeTextClasses.code})`]: {
      fontFamily: MONO_FONT,
      fontSize: 12,
      padding: '0 3px',
      borderRadius: 3,
      backgroundColor: theme.palette.action.hover,
    },
    [`${md} .${codeTextClasses.code}`]: { whiteSpace: 'pre-wrap' },
    // remark-gfm's footnote heading is meant for screen readers only.
    [`${md} .sr-only`]: {
      position: 'absolute',
      width: 1,
      height: 1,
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
  };
}
