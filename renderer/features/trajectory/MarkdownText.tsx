// Message text (user, assistant, system) as Markdown, built as React elements from the syntax
// tree, never as HTML (docs/security.md, "Message Markdown"): raw HTML in the source is literal
// text (never rehype-raw), links open only on a click, only inline images are loaded.
import { memo } from 'react';
import Markdown from 'react-markdown';
import type { Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { remarkHtmlAsText, remarkSoftBreaks } from './markdown-plugins';
import { markdownUrl } from './markdown-urls';
import { MarkdownCode } from './MarkdownCode';
import { MarkdownImage } from './MarkdownImage';
import { MarkdownLink } from './MarkdownLink';

// HTML to text first, so its line breaks are kept by the second.
const PLUGINS = [remarkGfm, remarkHtmlAsText, remarkSoftBreaks];
const COMPONENTS: Components = { a: MarkdownLink, img: MarkdownImage, pre: MarkdownCode };

export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  return (
    <Markdown remarkPlugins={PLUGINS} components={COMPONENTS} urlTransform={markdownUrl}>
      {text}
    </Markdown>
  );
});
