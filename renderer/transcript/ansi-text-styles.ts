// The rules of AnsiText: the 16 basic terminal colours (ansi-segments.ts) taken from the theme,
// as text and as a faint background, and the SGR text styles.
import { alpha, type CSSObject, type Theme } from '@mui/material/styles';

export const ANSI_COLOURS = [
  'black',
  'red',
  'green',
  'yellow',
  'blue',
  'magenta',
  'cyan',
  'white',
] as const;
export type AnsiColour = (typeof ANSI_COLOURS)[number];

type Shade = '' | 'bright-';
type Layer = '' | '-bg';

/** A basic colour as the text's colour or (background) its ground, plain or bright. */
export function ansiColourClass(
  colour: AnsiColour,
  bright: boolean,
  background: boolean,
): `tw-ansi-${Shade}${AnsiColour}${Layer}` {
  return `tw-ansi-${bright ? 'bright-' : ''}${colour}${background ? '-bg' : ''}`;
}

/** An SGR text style as anser names it (bold, dim, italic, underline, blink, ...). */
export function ansiDecorationClass<D extends string>(decoration: D): `tw-ansi-${D}` {
  return `tw-ansi-${decoration}`;
}

/** Terminal colours from the theme, so they read in light and dark mode alike. */
export function ansiTextStyles(theme: Theme): CSSObject {
  const dark = theme.palette.mode === 'dark';
  const base: Record<AnsiColour, string> = {
    black: dark ? theme.palette.grey[500] : theme.palette.grey[900],
    red: theme.palette.error.main,
    green: theme.palette.success.main,
    yellow: theme.palette.warning.dark,
    blue: theme.palette.info.main,
    magenta: theme.palette.secondary.main,
    cyan: dark ? '#4dd0e1' : '#00838f',
    white: dark ? theme.palette.grey[100] : theme.palette.grey[600],
  };
  const classes: CSSObject = {};
  for (const colour of ANSI_COLOURS) {
    for (const bright of [false, true]) {
      classes[`& .${ansiColourClass(colour, bright, false)}`] = { color: base[colour] };
      classes[`& .${ansiColourClass(colour, bright, true)}`] = {
        backgroundColor: alpha(base[colour], 0.25),
      };
    }
  }
  return {
    ...classes,
    [`& .${ansiDecorationClass('bold')}`]: { fontWeight: 700 },
    [`& .${ansiDecorationClass('dim')}`]: { opacity: 0.7 },
    [`& .${ansiDecorationClass('italic')}`]: { fontStyle: 'italic' },
    [`& .${ansiDecorationClass('underline')}`]: { textDecoration: 'underline' },
  };
}
