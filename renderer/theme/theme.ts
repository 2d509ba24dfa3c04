// One dense, neutral theme in light and dark; research tables want density over whitespace.
import { createTheme, type Theme } from '@mui/material/styles';

export type ThemeMode = 'light' | 'dark';

export const MONO_FONT =
  'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace';
const SANS_FONT =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export function createAppTheme(mode: ThemeMode): Theme {
  const dark = mode === 'dark';
  return createTheme({
    palette: {
      mode,
      primary: { main: dark ? '#8ab4f8' : '#1f5fbf' },
      secondary: { main: dark ? '#c58af9' : '#7b3fbf' },
      background: dark
        ? { default: '#121417', paper: '#1a1d21' }
        : { default: '#f6f7f9', paper: '#ffffff' },
      divider: dark ? 'rgba(255,255,255,0.10)' : 'rgba(0,0,0,0.10)',
    },
    typography: {
      fontFamily: SANS_FONT,
      fontSize: 13,
      h5: { fontSize: '1.25rem', fontWeight: 600 },
      h6: { fontSize: '1.05rem', fontWeight: 600 },
      subtitle2: { fontWeight: 600 },
    },
    shape: { borderRadius: 6 },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0, color: 'default' } },
      MuiPaper: { defaultProps: { variant: 'outlined' } },
      MuiButton: {
        defaultProps: { size: 'small', disableElevation: true },
        styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
      },
      MuiIconButton: { defaultProps: { size: 'small' } },
      MuiChip: { defaultProps: { size: 'small' } },
      MuiTextField: { defaultProps: { size: 'small' } },
      MuiSelect: { defaultProps: { size: 'small' } },
      MuiTable: { defaultProps: { size: 'small' } },
      MuiTableCell: {
        styleOverrides: {
          root: { whiteSpace: 'nowrap' },
          sizeSmall: { padding: '5px 10px' },
          head: { fontWeight: 600 },
        },
      },
      MuiTooltip: { defaultProps: { arrow: true } },
    },
  });
}
