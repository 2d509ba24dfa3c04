// Terminal output's colours (ANSI SGR codes) as plain segments: the text and how to colour it.
// Parsing is anser's; the 16 basic colours become classes the theme colours (readable in light
// and dark mode), 256-colour and true-colour codes an rgb() value. Other escapes are dropped.
import Anser from 'anser';
import { ANSI_COLOURS, ansiColourClass, ansiDecorationClass } from './ansi-text-styles';

export type AnsiSegment = {
  text: string;
  /** Theme classes: tw-ansi-red, tw-ansi-bright-green-bg, tw-ansi-bold, ... */
  classes: string[];
  color: string | null;
  background: string | null;
};

// eslint-disable-next-line no-control-regex
const SGR = /\u001b\[[0-9;]*m/;
// Every escape that is not a colour code: cursor moves, line clears, window titles.
const OTHER_ESCAPES =
  // eslint-disable-next-line no-control-regex
  /\u001b\[(?![0-9;]*m)[0-?]*[ -/]*[@-~]|\u009b[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

/** True when the text sets colours or styles (not only other escapes). */
export function hasAnsiColour(text: string): boolean {
  return text.includes('\u001b[') && SGR.test(text);
}

const CUBE = [0, 95, 135, 175, 215, 255];

/** The rgb of an xterm 256-colour palette index from 16 up (0-15 are the basic classes). */
export function paletteRgb(index: number): string {
  if (index >= 232) {
    const grey = 8 + (index - 232) * 10;
    return `rgb(${grey}, ${grey}, ${grey})`;
  }
  const n = index - 16;
  const [r, g, b] = [Math.floor(n / 36), Math.floor(n / 6) % 6, n % 6];
  return `rgb(${CUBE[r]}, ${CUBE[g]}, ${CUBE[b]})`;
}

const BASIC = /^ansi-(bright-)?(black|red|green|yellow|blue|magenta|cyan|white)$/;

function colourOf(
  name: string | null,
  truecolor: string | null,
  background: boolean,
): { cls: string | null; rgb: string | null } {
  if (name === null) return { cls: null, rgb: null };
  const basic = BASIC.exec(name);
  const colour = ANSI_COLOURS.find((c) => c === basic?.[2]);
  if (basic && colour !== undefined) {
    return { cls: ansiColourClass(colour, basic[1] !== undefined, background), rgb: null };
  }
  const palette = /^ansi-palette-(\d+)$/.exec(name);
  if (palette) {
    const index = Number(palette[1]);
    // Palette 0-15 repeat the basic colours: 0-7 plain, 8-15 bright.
    if (index < 16) {
      const cls = ansiColourClass(ANSI_COLOURS[index % 8] ?? 'white', index >= 8, background);
      return { cls, rgb: null };
    }
    return { cls: null, rgb: paletteRgb(index) };
  }
  if (name === 'ansi-truecolor' && truecolor !== null)
    return { cls: null, rgb: `rgb(${truecolor})` };
  return { cls: null, rgb: null };
}

/** The text split where its colour or style changes; the characters are the text's, unescaped. */
export function ansiSegments(text: string): AnsiSegment[] {
  const parts = Anser.ansiToJson(text.replace(OTHER_ESCAPES, ''), {
    use_classes: true,
    remove_empty: true,
  });
  return parts.map((part) => {
    const fg = colourOf(part.fg, part.fg === 'ansi-truecolor' ? part.fg_truecolor : null, false);
    const bg = colourOf(part.bg, part.bg === 'ansi-truecolor' ? part.bg_truecolor : null, true);
    const classes = [fg.cls, bg.cls, ...part.decorations.map((d) => ansiDecorationClass(d))];
    return {
      text: part.content,
      classes: classes.filter((c): c is string => c !== null),
      color: fg.rgb,
      background: bg.rgb,
    };
  });
}
