// Message text (user, assistant, system) as Markdown, built as React elements from the syntax
// tree, never as HTML (docs/security.md, "Message Markdown"): raw HTML in the source is literal
// text (never rehype-raw), links open only on a click, only inline images are loaded. A message
// past a cap (markdown-caps.ts) is not parsed at all: it shows as plain text with the reason.
import { memo, useMemo } from 'react';
import Markdown from 'react-markdown';
import type { Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { markdownCapExceeded } from './markdown-caps';
import { remarkHtmlAsText, remarkSoftBreaks } from './markdown-plugins';
import { markdownUrl } from './markdown-urls';
import { MarkdownCode } from './MarkdownCode';
import { MarkdownImage } from './MarkdownImage';
import { MarkdownLink } from './MarkdownLink';
import { MarkdownPlain } from './MarkdownPlain';

// HTML to text first, so its line breaks are kept by the second.
const PLUGINS = [remarkGfm, remarkHtmlAsText, remarkSoftBreaks];
const COMPONENTS: Components = { a: MarkdownLink, img: MarkdownImage, pre: MarkdownCode };

export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  const capped = useMemo(() => markdownCapExceeded(text), [text]);
  if (capped !== null) return <MarkdownPlain text={text} reason={capped} />;
  return (
    <Markdown remarkPlugins={PLUGINS} components={COMPONENTS} urlTransform={markdownUrl}>
      {text}
    </Markdown>
  );
});
