// Message text (user, assistant, system) as Markdown, built as React elements from the syntax
// tree, never as HTML (docs/security.md, "Message Markdown"): raw HTML in the source is literal
// text (never rehype-raw), links open only on a click, only inline images are loaded. No message
// can stall the page: one past a cap (markdown-caps.ts) is not parsed, the parse runs in a worker
// under a time budget (markdown-parser.ts), and until it answers the text shows plain.
import { memo, useMemo } from 'react';
import { markdownCapExceeded } from './markdown-caps';
import { markdownElements } from './markdown-elements';
import { MarkdownPlain } from './MarkdownPlain';
import { useMarkdownParse } from './useMarkdownParse';

export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  const capped = useMemo(() => markdownCapExceeded(text), [text]);
  const parse = useMarkdownParse(capped === null ? text : null);
  const elements = useMemo(
    () => (parse?.kind === 'tree' ? markdownElements(parse.tree) : null),
    [parse],
  );
  if (capped !== null) return <MarkdownPlain text={text} reason={capped} />;
  if (parse === undefined) return <MarkdownPlain text={text} />;
  if (parse.kind === 'plain') return <MarkdownPlain text={text} reason={parse.reason} />;
  return elements;
});
