// The mapping being edited in the import dialog. It lives in the dialog, not the panel, so the
// text survives switching the format away and back, and Import can send the parsed spec.
import { useMemo, useState } from 'react';
import { MAPPING_TEMPLATE, parseMappingText, type MappingParse } from './mapping-spec';

export type MappingDraft = {
  text: string;
  setText: (text: string) => void;
  parsed: MappingParse;
};

export function useMappingDraft(): MappingDraft {
  const [text, setText] = useState(MAPPING_TEMPLATE);
  const parsed = useMemo(() => parseMappingText(text), [text]);
  return { text, setText, parsed };
}
