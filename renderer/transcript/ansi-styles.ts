// Terminal colour classes for AnsiText (ansi-segments.ts), taken from the theme.
import { alpha, type Theme } from '@mui/material/styles';

const ANSI_NAMES = ['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white'] as const;

/** Terminal colours from the theme, so they read in light and dark mode alike. */
export function ansiClasses(theme: Theme): Record<string, Record<string, string | number>> {
  const dark = theme.palette.mode === 'dark';
  const base: Record<(typeof ANSI_NAMES)[number], string> = {
    black: dark ? theme.palette.grey[500] : theme.palette.grey[900],
    red: theme.palette.error.main,
    green: theme.palette.success.main,
    yellow: theme.palette.warning.dark,
    blue: theme.palette.info.main,
    magenta: theme.palette.secondary.main,
    cyan: dark ? '#4dd0e1' : '#00838f',
    white: dark ? theme.palette.grey[100] : theme.palette.grey[600],
  };
  const classes: Record<string, Record<string, string | number>> = {};
  for (const name of ANSI_NAMES) {
    for (const bright of ['', 'bright-']) {
      classes[`& .tw-ansi-${bright}${name}`] = { color: base[name] };
      classes[`& .tw-ansi-${bright}${name}-bg`] = { backgroundColor: alpha(base[name], 0.25) };
    }
  }
  return {
    ...classes,
    '& .tw-ansi-bold': { fontWeight: 700 },
    '& .tw-ansi-dim': { opacity: 0.7 },
    '& .tw-ansi-italic': { fontStyle: 'italic' },
    '& .tw-ansi-underline': { textDecoration: 'underline' },
  };
}
