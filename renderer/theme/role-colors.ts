// One color per turn role, readable on both themes.
import type { TurnRole } from '../../shared/model';
import type { ThemeMode } from './theme';

type RoleColor = { fg: string; bg: string; border: string };

const LIGHT: Record<TurnRole, RoleColor> = {
  system: { fg: '#4a5160', bg: '#eceef2', border: '#9aa1ad' },
  user: { fg: '#0b4f9c', bg: '#e3effc', border: '#4a8fdc' },
  assistant: { fg: '#5b2a9a', bg: '#f0e8fb', border: '#9a6ad6' },
  tool: { fg: '#8a4b00', bg: '#fdf0df', border: '#e09a3c' },
  environment: { fg: '#0f6655', bg: '#def5ef', border: '#36a98f' },
};

const DARK: Record<TurnRole, RoleColor> = {
  system: { fg: '#c9ced6', bg: '#2a2e35', border: '#6b7380' },
  user: { fg: '#9cc8ff', bg: '#15304f', border: '#4a8fdc' },
  assistant: { fg: '#d5b8ff', bg: '#2f2145', border: '#9a6ad6' },
  tool: { fg: '#ffc98a', bg: '#3d2a12', border: '#e09a3c' },
  environment: { fg: '#8fe3cf', bg: '#143a32', border: '#36a98f' },
};

export function roleColor(role: TurnRole, mode: ThemeMode): RoleColor {
  return (mode === 'dark' ? DARK : LIGHT)[role];
}
