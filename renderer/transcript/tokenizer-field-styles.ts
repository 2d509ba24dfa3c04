// The rules of TokenizerField: the note, the path field and its buttons on one line.
import type { CSSObject } from '@mui/material/styles';

export const tokenizerFieldClasses = { tokenizer: 'tw-tokenizer' } as const;

export function tokenizerFieldStyles(): CSSObject {
  const tokenizer = tokenizerFieldClasses.tokenizer;
  return {
    [`& .${tokenizer}, & .${tokenizer} form`]: { display: 'flex', alignItems: 'center', gap: 8 },
  };
}
