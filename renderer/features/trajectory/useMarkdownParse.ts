// A message's Markdown parse from the context's parser: undefined while it is pending (and for
// null, a message not to be parsed), then the tree or the reason to show plain text.
import { useCallback, useContext, useSyncExternalStore } from 'react';
import type { MarkdownParse } from './markdown-parse';
import { MarkdownParserContext } from './markdown-parser-context';

const NO_SUBSCRIPTION = () => () => undefined;

export function useMarkdownParse(text: string | null): MarkdownParse | undefined {
  const parser = useContext(MarkdownParserContext);
  const subscribe = useCallback(
    (notify: () => void) => (text === null ? () => undefined : parser.request(text, notify)),
    [parser, text],
  );
  const snapshot = useCallback(
    () => (text === null ? undefined : parser.peek(text)),
    [parser, text],
  );
  return useSyncExternalStore(text === null ? NO_SUBSCRIPTION : subscribe, snapshot);
}
