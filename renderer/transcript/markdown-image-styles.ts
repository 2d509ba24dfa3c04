// The rules of MarkdownImage: a shown image fits the card; a placeholder reads as a muted note
// with its URL in monospace.
import type { CSSObject, Theme } from '@mui/material/styles';
import { MONO_FONT } from '../theme/theme';

export const markdownImageClasses = {
  image: 'tw-md-img',
  placeholder: 'tw-md-image-text',
  url: 'tw-md-url',
} as const;

export function markdownImageStyles(theme: Theme): CSSObject {
  const c = markdownImageClasses;
  return {
    [`& .${c.image}`]: { maxWidth: '100%', maxHeight: 320, verticalAlign: 'middle' },
    [`& .${c.placeholder}`]: { color: theme.palette.text.secondary, fontStyle: 'italic' },
    [`& .${c.url}`]: { fontFamily: MONO_FONT, fontSize: 11, fontStyle: 'normal' },
  };
}
