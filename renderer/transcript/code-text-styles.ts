// The rules of CodeText: code in monospace, coloured by token kind, and a fenced block inside
// prose set apart as a tinted box (an observation's box is one already).
import type { CSSObject, Theme } from '@mui/material/styles';
import { MONO_FONT } from '../theme/theme';
import type { CodeTokenKind } from './code-tokens';
import { turnContentClasses } from './turn-content-styles';

export const codeTextClasses = { code: 'tw-code' } as const;

type ColouredKind = Exclude<CodeTokenKind, 'plain'>;

/** Colours a token of code by its kind. */
export function codeTokenClass(kind: ColouredKind): `tw-code-${ColouredKind}` {
  return `tw-code-${kind}`;
}

export function codeTextStyles(theme: Theme): CSSObject {
  const { content, observation } = turnContentClasses;
  const code = codeTextClasses.code;
  return {
    [`& .${code}`]: { fontFamily: MONO_FONT, fontSize: 12 },
    [`& .${content}:not(.${observation}) .${code}`]: {
      display: 'block',
      backgroundColor: theme.palette.action.hover,
      borderRadius: theme.shape.borderRadius,
      padding: theme.spacing(0.5, 1),
      margin: theme.spacing(0.5, 0),
    },
    [`& .${codeTokenClass('keyword')}`]: { color: theme.palette.secondary.main, fontWeight: 600 },
    [`& .${codeTokenClass('string')}`]: { color: theme.palette.success.dark },
    [`& .${codeTokenClass('comment')}`]: {
      color: theme.palette.text.secondary,
      fontStyle: 'italic',
    },
    [`& .${codeTokenClass('number')}`]: { color: theme.palette.info.dark },
    [`& .${codeTokenClass('title')}`]: { color: theme.palette.primary.dark },
  };
}
