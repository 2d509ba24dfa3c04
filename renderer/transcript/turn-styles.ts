// The styles of every turn card, computed once per list from the theme. A trajectory can have
// thousands of turns; per-card sx/Chip/Tooltip styling made "show all" take seconds. So the cards
// are plain elements with class names, and the one styled root of each list holds the rules of
// every part: each component's rules live beside it (`<component>-styles.ts`, its class names as
// constants and a function of the theme) and are composed here.
import { styled, type CSSObject, type Theme } from '@mui/material/styles';
import { ansiTextStyles } from './ansi-text-styles';
import { codeTextStyles } from './code-text-styles';
import { diffTextStyles } from './diff-text-styles';
import { fileViewTextStyles } from './file-view-text-styles';
import { foldedLinesStyles } from './folded-lines-styles';
import { heatStripCanvasStyles } from './heat-strip-canvas-styles';
import { highlightedTextStyles } from './highlighted-text-styles';
import { jsonTreeStyles } from './json-tree-styles';
import { logprobStripsStyles } from './logprob-strips-styles';
import { markdownImageStyles } from './markdown-image-styles';
import { markdownLinkStyles } from './markdown-link-styles';
import { markdownPlainStyles } from './markdown-plain-styles';
import { markdownTextStyles } from './markdown-text-styles';
import { reasoningBlockStyles } from './reasoning-block-styles';
import { segmentMarkerStyles } from './segment-marker-styles';
import { tokenTextCellsStyles } from './token-text-cells-styles';
import { tokenizerFieldStyles } from './tokenizer-field-styles';
import { toolArgsViewStyles } from './tool-args-view-styles';
import { toolCallViewStyles } from './tool-call-view-styles';
import { tracebackTextStyles } from './traceback-text-styles';
import { turnCardStyles } from './turn-card-styles';
import { turnContentStyles } from './turn-content-styles';
import { turnRawToggleStyles } from './turn-raw-toggle-styles';

/** A measured row of the virtualized list (TurnList): a marker band and a card. */
export const turnListClasses = { item: 'tw-item' } as const;

/**
 * The parts' rules, keyed by selector. Later parts win ties of equal specificity, so a part that
 * refines another's rules (Markdown's code blocks, the raw toggle's chip) comes after it.
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
  segmentMarkerStyles,
  logprobStripsStyles,
  heatStripCanvasStyles,
  markdownTextStyles,
  markdownLinkStyles,
  markdownImageStyles,
  markdownPlainStyles,
  turnRawToggleStyles,
  tokenTextCellsStyles,
  tokenizerFieldStyles,
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
