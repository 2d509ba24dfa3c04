// A message's Markdown parse from the context's parser: undefined while it is pending (and for
// null, a message not to be parsed), then the tree or the reason to show plain text.
import { useContext, useMemo, useSyncExternalStore } from 'react';
import type { MarkdownParse } from './markdown-parse';
import { MarkdownParserContext } from './markdown-parser-context';

const NOTHING = {
  subscribe: () => () => undefined,
  snapshot: (): MarkdownParse | undefined => undefined,
};

export function useMarkdownParse(text: string | null): MarkdownParse | undefined {
  const parser = useContext(MarkdownParserContext);
  const store = useMemo(() => {
    if (text === null) return NOTHING;
    // The result heard, so a card keeps it even after the parser's cache has let it go.
    let heard: MarkdownParse | undefined;
    return {
      subscribe: (notify: () => void) =>
        parser.request(text, (result) => {
          heard = result;
          notify();
        }),
      snapshot: () => parser.peek(text) ?? heard,
    };
  }, [parser, text]);
  return useSyncExternalStore(store.subscribe, store.snapshot);
}
