// A parsed message's hast tree (markdown-parse.ts, already URL-checked) to React elements, as
// react-markdown does it: hast-util-to-jsx-runtime with our link, image and code components.
// Elements only, never HTML.
import type { Root } from 'hast';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import type { ReactElement } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { MarkdownCode } from './MarkdownCode';
import { MarkdownImage } from './MarkdownImage';
import { MarkdownLink } from './MarkdownLink';
import { MarkdownSpan } from './MarkdownSpan';

const COMPONENTS: Partial<Components> = {
  a: MarkdownLink,
  img: MarkdownImage,
  pre: MarkdownCode,
  span: MarkdownSpan,
};

export function markdownElements(tree: Root): ReactElement {
  return toJsxRuntime(tree, {
    Fragment,
    jsx,
    jsxs,
    components: COMPONENTS,
    ignoreInvalidStyle: true,
    passKeys: true,
    passNode: true,
  });
}
