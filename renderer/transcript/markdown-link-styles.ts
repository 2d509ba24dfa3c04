// The rules of MarkdownLink: a button that reads as a link inside the text.
import type { CSSObject, Theme } from '@mui/material/styles';

export const markdownLinkClasses = { link: 'tw-md-link' } as const;

export function markdownLinkStyles(theme: Theme): CSSObject {
  return {
    [`& .${markdownLinkClasses.link}`]: {
      display: 'inline',
      padding: 0,
      border: 0,
      background: 'none',
      font: 'inherit',
      textAlign: 'inherit',
      color: theme.palette.primary.main,
      textDecoration: 'underline',
      cursor: 'pointer',
      userSelect: 'text',
      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
    },
  };
}
