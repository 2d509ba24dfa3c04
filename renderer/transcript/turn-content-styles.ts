// The rules of a turn's text (TurnContent): wrapped preformatted text, observations in a
// monospace scroll box (whole once the full text is loaded), and a wrapper's small fields above.
import type { CSSObject, Theme } from '@mui/material/styles';
import { MONO_FONT } from '../theme/theme';

export const turnContentClasses = {
  content: 'tw-content',
  /** Tool and environment output. */
  observation: 'tw-observation',
  /** The full text has been paged in. */
  full: 'tw-full',
  outputFacts: 'tw-output-facts',
} as const;

/** Preformatted text that wraps anywhere rather than widen the card. */
export const WRAPPED_TEXT = {
  margin: 0,
  fontFamily: 'inherit',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  overflowWrap: 'anywhere',
} as const;

export function turnContentStyles(theme: Theme): CSSObject {
  const c = turnContentClasses;
  return {
    [`& .${c.content}`]: {
      ...WRAPPED_TEXT,
      marginTop: theme.spacing(0.5),
      fontSize: 13,
      lineHeight: 1.5,
    },
    [`& .${c.content}.${c.observation}`]: {
      fontFamily: MONO_FONT,
      fontSize: 12,
      backgroundColor: theme.palette.action.hover,
      borderRadius: theme.shape.borderRadius,
      padding: theme.spacing(0.75, 1),
      maxHeight: 640,
      overflow: 'auto',
    },
    [`& .${c.content}.${c.observation}.${c.full}`]: { maxHeight: 'none' },
    [`& .${c.outputFacts}`]: {
      display: 'flex',
      gap: theme.spacing(1),
      flexWrap: 'wrap',
      marginBottom: theme.spacing(0.5),
      fontFamily: MONO_FONT,
      fontSize: 12,
      color: theme.palette.text.secondary,
    },
  };
}
