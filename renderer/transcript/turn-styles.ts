// The styles of every turn card, computed once per list from the theme. A trajectory can have
// thousands of turns; per-card sx/Chip/Tooltip styling made "show all" take seconds. So the cards
// are plain elements with class names, and the one styled root of each list holds the rules of
// every part: each component's rules live beside it (`<component>-styles.ts`, its class names as
// constants and a function of the theme) and are composed here.
import { styled, type CSSObject, type Theme } from '@mui/material/styles';
import { MONO_FONT } from '../theme/theme';
import { markdownStyles } from './markdown-styles';
import { ansiTextStyles } from './ansi-text-styles';
import { codeTextStyles } from './code-text-styles';
import { diffTextStyles } from './diff-text-styles';
import { fileViewTextStyles } from './file-view-text-styles';
import { foldedLinesStyles } from './folded-lines-styles';
import { highlightedTextStyles } from './highlighted-text-styles';
import { jsonTreeStyles } from './json-tree-styles';
import { reasoningBlockStyles } from './reasoning-block-styles';
import { toolArgsViewStyles } from './tool-args-view-styles';
import { toolCallViewStyles } from './tool-call-view-styles';
import { tracebackTextStyles } from './traceback-text-styles';
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
  codeTextStyles,
  jsonTreeStyles,
  fileViewTextStyles,
  tracebackTextStyles,
  ansiTextStyles,
  diffTextStyles,
  highlightedTextStyles,
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
