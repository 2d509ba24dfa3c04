// A fenced Markdown code block, coloured by the transcript's own CodeText so it reads like code
// everywhere else in a turn.
import type { ExtraProps } from 'react-markdown';
import { languageOfFence } from './code-language';
import { CodeText } from './CodeText';

type Node = NonNullable<ExtraProps['node']>;

/** The text under a syntax-tree node (code blocks hold text only; no highlighter adds spans). */
function textOf(node: Node | Node['children'][number]): string {
  if (node.type === 'text') return node.value;
  return 'children' in node ? node.children.map(textOf).join('') : '';
}

/** The language of `<code class="language-x">`, as remark writes a fence's info string. */
function languageOf(node: Node): string {
  const code = node.children.find((child) => child.type === 'element' && child.tagName === 'code');
  const classes = code?.type === 'element' ? code.properties.className : undefined;
  const names = Array.isArray(classes) ? classes.map(String) : [];
  return names.find((name) => name.startsWith('language-'))?.slice('language-'.length) ?? '';
}

export function MarkdownCode({ node }: ExtraProps) {
  if (node === undefined) return null;
  // remark keeps the newline before the closing fence; the plain view drops it too.
  const text = textOf(node).replace(/\n$/, '');
  return <CodeText text={text} whole language={languageOfFence(languageOf(node))} />;
}
