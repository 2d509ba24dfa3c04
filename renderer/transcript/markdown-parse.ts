// Message Markdown to a syntax tree, as react-markdown does it (remark-parse, our remark plugins,
// remark-rehype) but as plain data: it runs in a worker (markdown-parse.worker.ts) and the tree
// crosses to the page by structured clone, where markdown-render.tsx makes React elements of it.
// URLs go through markdownUrl here, as react-markdown's urlTransform would.
import type { Element, Nodes, Root } from 'hast';
import { urlAttributes } from 'html-url-attributes';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { remarkHtmlAsText, remarkRedactions, remarkSoftBreaks } from './markdown-plugins';
import { markdownUrl } from './markdown-urls';

/** Deeper trees are refused: React renders them recursively on the page's own stack. */
export const MAX_TREE_DEPTH = 100;

export type MarkdownParse = { kind: 'tree'; tree: Root } | { kind: 'plain'; reason: string };

// HTML to text first, so its line breaks are kept by the second; markers last, in the lines.
const processor = unified()
  .use(remarkParse)
  .use([remarkGfm, remarkHtmlAsText, remarkSoftBreaks, remarkRedactions])
  .use(remarkRehype);

/** Parses message text to a hast tree; never throws (a parser error is a plain-text verdict). */
export function parseMarkdown(text: string): MarkdownParse {
  let tree: Root;
  try {
    tree = processor.runSync(processor.parse(text));
  } catch (error) {
    const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { kind: 'plain', reason: `the Markdown parser failed (${why})` };
  }
  const depth = treeDepth(tree);
  if (depth > MAX_TREE_DEPTH) {
    return { kind: 'plain', reason: `its formatting nests deeper than ${MAX_TREE_DEPTH} levels` };
  }
  transformUrls(tree);
  return { kind: 'tree', tree };
}

/** The tree's depth, walked without recursion so a deep tree cannot overflow the stack here. */
function treeDepth(root: Root): number {
  let max = 0;
  const stack: [Nodes, number][] = [[root, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, depth] = next;
    max = Math.max(max, depth);
    if ('children' in node) for (const child of node.children) stack.push([child, depth + 1]);
  }
  return max;
}

/** react-markdown's urlTransform step: every URL attribute through markdownUrl; raw becomes text. */
function transformUrls(root: Root): void {
  const stack: Nodes[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.type === 'element') transformElement(node);
    if (!('children' in node)) continue;
    node.children = node.children.map((child) =>
      child.type === 'raw' ? { type: 'text', value: child.value } : child,
    ) as typeof node.children;
    stack.push(...node.children);
  }
}

function transformElement(element: Element): void {
  for (const [key, tags] of Object.entries(urlAttributes)) {
    if (!Object.hasOwn(element.properties, key)) continue;
    if (tags === null || tags.includes(element.tagName)) {
      const value = element.properties[key];
      element.properties[key] = markdownUrl(String(value ?? ''), key);
    }
  }
}
