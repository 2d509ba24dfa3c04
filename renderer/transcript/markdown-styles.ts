// The styles of message Markdown inside a turn card: compact headings and spacing (a card is not a
// document), tables and quotes, inline code, link buttons and image placeholders.
import type { Theme } from '@mui/material/styles';
import { MONO_FONT } from '../theme/theme';

export function markdownStyles(theme: Theme) {
  const heading = { margin: theme.spacing(1, 0, 0.5), fontWeight: 600, lineHeight: 1.3 };
  return {
    '& .tw-content.tw-markdown': { whiteSpace: 'normal' },
    '& .tw-markdown > :first-child': { marginTop: 0 },
    '& .tw-markdown > :last-child': { marginBottom: 0 },
    '& .tw-markdown p': { margin: theme.spacing(0.5, 0) },
    '& .tw-markdown h1': { ...heading, fontSize: '1.25em' },
    '& .tw-markdown h2': { ...heading, fontSize: '1.15em' },
    '& .tw-markdown h3': { ...heading, fontSize: '1.05em' },
    '& .tw-markdown :is(h4, h5, h6)': { ...heading, fontSize: '1em' },
    '& .tw-markdown :is(ul, ol)': { margin: theme.spacing(0.5, 0), paddingLeft: theme.spacing(3) },
    '& .tw-markdown li > p': { margin: 0 },
    '& .tw-markdown li.task-list-item': { listStyle: 'none' },
    '& .tw-markdown input[type="checkbox"]': { margin: '0 4px 0 -18px', verticalAlign: 'middle' },
    '& .tw-markdown blockquote': {
      margin: theme.spacing(0.5, 0),
      paddingLeft: theme.spacing(1.5),
      borderLeft: `3px solid ${theme.palette.divider}`,
      color: theme.palette.text.secondary,
    },
    '& .tw-markdown hr': {
      border: 0,
      borderTop: `1px solid ${theme.palette.divider}`,
      margin: theme.spacing(1, 0),
    },
    '& .tw-markdown table': {
      display: 'block',
      overflowX: 'auto',
      borderCollapse: 'collapse',
      margin: theme.spacing(0.5, 0),
      fontSize: 12,
    },
    '& .tw-markdown :is(th, td)': {
      border: `1px solid ${theme.palette.divider}`,
      padding: theme.spacing(0.25, 1),
      verticalAlign: 'top',
    },
    '& .tw-markdown th': { backgroundColor: theme.palette.action.hover, fontWeight: 600 },
    '& .tw-markdown code:not(.tw-code)': {
      fontFamily: MONO_FONT,
      fontSize: 12,
      padding: '0 3px',
      borderRadius: 3,
      backgroundColor: theme.palette.action.hover,
    },
    '& .tw-markdown .tw-code': { whiteSpace: 'pre-wrap' },
    '& .tw-md-link': {
      display: 'inline',
      padding: 0,
      border: 0,
      background: 'none',
      font: 'inherit',
      textAlign: 'inherit',
      color: theme.palette.primary.main,
      textDecoration: 'underline',
      cursor: 'pointer',
      userSelect: 'text',
      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
    },
    '& .tw-md-img': { maxWidth: '100%', maxHeight: 320, verticalAlign: 'middle' },
    '& .tw-md-image-text': { color: theme.palette.text.secondary, fontStyle: 'italic' },
    '& .tw-md-url': { fontFamily: MONO_FONT, fontSize: 11, fontStyle: 'normal' },
    // A message shown plain (parse pending, past a cap, too slow) keeps its lines.
    '& .tw-md-plain': { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
    // remark-gfm's footnote heading is meant for screen readers only.
    '& .tw-markdown .sr-only': {
      position: 'absolute',
      width: 1,
      height: 1,
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
    '& .tw-chip.tw-raw': { color: theme.palette.text.secondary, fontWeight: 500 },
    '& .tw-chip.tw-raw[aria-pressed="true"]': {
      color: theme.palette.background.paper,
      backgroundColor: theme.palette.text.secondary,
    },
  } as const;
}
