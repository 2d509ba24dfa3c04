// The styles of every turn card, computed once per list from the theme. A trajectory can have
// thousands of turns; per-card sx/Chip/Tooltip styling made "show all" take seconds. So the cards
// are plain elements with class names, and the one styled root of each list holds the rules of
// every part: each component's rules live beside it (`<component>-styles.ts`, its class names as
// constants and a function of the theme) and are composed here.
import { styled, type CSSObject, type Theme } from '@mui/material/styles';
import { ansiClasses } from './ansi-styles';
import { MONO_FONT } from '../theme/theme';
import { markdownStyles } from './markdown-styles';
import { fileViewTextStyles } from './file-view-text-styles';
import { foldedLinesStyles } from './folded-lines-styles';
import { reasoningBlockStyles } from './reasoning-block-styles';
import { toolArgsViewStyles } from './tool-args-view-styles';
import { toolCallViewStyles } from './tool-call-view-styles';
import { turnCardStyles } from './turn-card-styles';
import { turnContentStyles } from './turn-content-styles';

/** A measured row of the virtualized list (TurnList): a marker band and a card. */
export const turnListClasses = { item: 'tw-item' } as const;

// The rules of the parts that have no module of their own yet.
function otherPartsStyles(theme: Theme): CSSObject {
  // Role-label chips in the labeling panel's colors: filled for human labels, outlined otherwise.
  const labelColors = Object.fromEntries(
    (['success', 'info', 'error'] as const).flatMap((color) => {
      const c = theme.palette[color];
      return [
        [`& .tw-chip.tw-label-${color}`, { color: c.main, borderColor: c.main }],
        [
          `& .tw-chip.tw-label-${color}.tw-human`,
          { color: c.contrastText, backgroundColor: c.main },
        ],
        [`& .tw-segment:has(.tw-label-${color})`, { borderLeftColor: c.main }],
      ];
    }),
  );
  return {
    '& .tw-code': { fontFamily: MONO_FONT, fontSize: 12 },
    '& .tw-content:not(.tw-observation) .tw-code': {
      display: 'block',
      backgroundColor: theme.palette.action.hover,
      borderRadius: theme.shape.borderRadius,
      padding: theme.spacing(0.5, 1),
      margin: theme.spacing(0.5, 0),
    },
    '& .tw-code-keyword': { color: theme.palette.secondary.main, fontWeight: 600 },
    '& .tw-code-string': { color: theme.palette.success.dark },
    '& .tw-code-comment': { color: theme.palette.text.secondary, fontStyle: 'italic' },
    '& .tw-code-number': { color: theme.palette.info.dark },
    '& .tw-code-title': { color: theme.palette.primary.dark },
    '& .tw-json': {
      fontFamily: MONO_FONT,
      fontSize: 12,
      lineHeight: 1.5,
      whiteSpace: 'pre-wrap',
      wordBreak: 'break-word',
    },
    '& .tw-json-children': { margin: 0, paddingLeft: theme.spacing(2), listStyle: 'none' },
    '& .tw-json-key': { color: theme.palette.primary.dark, marginRight: theme.spacing(0.5) },
    '& .tw-json-clickable': { cursor: 'pointer' },
    '& .tw-json-string': { color: theme.palette.success.dark },
    '& .tw-json-number, & .tw-json-boolean': { color: theme.palette.info.dark },
    '& .tw-json-null': { color: theme.palette.text.secondary },
    '& .tw-json-punct': { color: theme.palette.text.secondary },
    '& .tw-json-expand, & .tw-json-collapse': {
      cursor: 'pointer',
      userSelect: 'none',
      marginRight: theme.spacing(0.5),
    },
    '& .tw-json-expand::after': { content: '"\\25B8"' },
    '& .tw-json-collapse::after': { content: '"\\25BE"' },
    '& .tw-json-collapsed::after': { content: '"…"', color: theme.palette.text.secondary },
    '& .tw-tb-header, & .tw-tb-frame': { color: theme.palette.text.secondary },
    '& .tw-tb-code': { fontWeight: 600 },
    '& .tw-tb-exception': { color: theme.palette.error.main, fontWeight: 700 },
    ...ansiClasses(theme),
    '& .tw-diff-add': { color: theme.palette.success.main },
    '& .tw-diff-del': { color: theme.palette.error.main },
    '& .tw-diff-hunk': { color: theme.palette.info.main },
    '& .tw-diff-file': { fontWeight: 700 },
    '& .tw-match': {
      backgroundColor: theme.palette.warning.light,
      color: theme.palette.getContrastText(theme.palette.warning.light),
      borderRadius: 2,
    },
    '& .tw-segment': {
      display: 'flex',
      alignItems: 'center',
      gap: theme.spacing(1),
      height: 26,
      marginBottom: 4,
      padding: theme.spacing(0, 1),
      borderLeft: `3px solid ${theme.palette.text.disabled}`,
      fontSize: 12,
    },
    '& .tw-segment-name': { fontWeight: 700, fontSize: 12 },
    '& .tw-chip.tw-label': { fontWeight: 600, backgroundColor: 'transparent' },
    ...labelColors,
    '& .tw-chip.tw-label-default': {
      color: theme.palette.text.secondary,
      borderColor: theme.palette.text.secondary,
    },
    '& .tw-credit': { fontFamily: MONO_FONT, fontSize: 12, fontWeight: 600 },
    '& .tw-credit.tw-positive': { color: theme.palette.success.main },
    '& .tw-credit.tw-negative': { color: theme.palette.error.main },
    '& .tw-strips': { marginTop: theme.spacing(0.75), display: 'grid', gap: 2 },
    '& .tw-strip': {
      display: 'grid',
      gridTemplateColumns: '88px minmax(0, 1fr)',
      alignItems: 'center',
    },
    '& .tw-strip-label': { fontSize: 11, color: theme.palette.text.secondary },
    '& .tw-strip canvas': { display: 'block', cursor: 'crosshair', borderRadius: 2 },
    '& .tw-strip-readout': { minHeight: 16, fontFamily: MONO_FONT },
    ...markdownStyles(theme),
    '& .tw-token-text': {
      fontFamily: MONO_FONT,
      fontSize: 12,
      lineHeight: '20px',
      whiteSpace: 'pre-wrap',
      wordBreak: 'break-all',
      maxHeight: 240,
      overflow: 'auto',
    },
    '& .tw-token': {
      boxShadow: `inset -1px 0 ${theme.palette.background.paper}`,
      cursor: 'default',
    },
    '& .tw-tokenizer, & .tw-tokenizer form': { display: 'flex', alignItems: 'center', gap: 8 },
  };
}

/**
 * The parts' rules, keyed by selector. Later parts win ties of equal specificity, so a part that
 * refines another's rules comes after it.
 */
export const TURN_LIST_PARTS: readonly ((theme: Theme) => CSSObject)[] = [
  turnCardStyles,
  turnContentStyles,
  reasoningBlockStyles,
  toolCallViewStyles,
  toolArgsViewStyles,
  foldedLinesStyles,
  fileViewTextStyles,
  otherPartsStyles,
];

export function turnListStyles(theme: Theme): CSSObject {
  const rules: CSSObject = {
    // The virtualizer keeps the reading position as cards above it are measured; the browser's
    // own scroll anchoring would correct the same change a second time.
    overflowAnchor: 'none',
    [`& .${turnListClasses.item}`]: { display: 'flow-root' },
  };
  for (const part of TURN_LIST_PARTS) Object.assign(rules, part(theme));
  return rules;
}

export const TurnListRoot = styled('div')(({ theme }) => turnListStyles(theme));
