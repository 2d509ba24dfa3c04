// The rules of MarkdownPlain: a message shown plain (parse pending, past a cap, too slow) keeps
// its lines.
import type { CSSObject } from '@mui/material/styles';

export const markdownPlainClasses = { plain: 'tw-md-plain' } as const;

export function markdownPlainStyles(): CSSObject {
  return {
    [`& .${markdownPlainClasses.plain}`]: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  };
}
