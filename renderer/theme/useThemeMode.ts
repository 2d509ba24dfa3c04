// Light/dark: follows the system until the user picks one, and remembers that pick.
import { useCallback, useState } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ThemeMode } from './theme';

export const THEME_STORAGE_KEY = 'turnwise.theme';

function readStored(): ThemeMode | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

export function useThemeMode(): { mode: ThemeMode; toggle: () => void } {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const [chosen, setChosen] = useState<ThemeMode | null>(readStored);
  const mode: ThemeMode = chosen ?? (prefersDark ? 'dark' : 'light');
  const toggle = useCallback(() => {
    const next: ThemeMode = mode === 'dark' ? 'light' : 'dark';
    setChosen(next);
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // storage disabled: the choice lasts for this session only
    }
  }, [mode]);
  return { mode, toggle };
}
