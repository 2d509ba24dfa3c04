// The rules of FileViewText: the text around the numbered lines is muted (the lines themselves
// are ToolArgsView's numbered lines).
import type { CSSObject, Theme } from '@mui/material/styles';

export const fileViewTextClasses = { header: 'tw-file-header' } as const;

export function fileViewTextStyles(theme: Theme): CSSObject {
  return { [`& .${fileViewTextClasses.header}`]: { color: theme.palette.text.secondary } };
}
