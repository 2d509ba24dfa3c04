// Code in transcripts coloured by token with highlight.js grammars (through lowlight, which
// returns a tree, never HTML): the language when the transcript names it (code-language.ts), else
// detected among the languages agents usually write. It only colours text; it never changes it.
import { common, createLowlight } from 'lowlight';
import { guessLanguage } from './code-language';

export type CodeTokenKind = 'plain' | 'keyword' | 'string' | 'comment' | 'number' | 'title';
export interface CodeToken {
  kind: CodeTokenKind;
  text: string;
}

const lowlight = createLowlight(common);
/** Text longer than this is left plain: colouring it would stall the transcript. */
export const MAX_COLOURED_CHARS = 200_000;

const KINDS: Record<string, CodeTokenKind> = {
  'hljs-keyword': 'keyword',
  'hljs-built_in': 'keyword',
  'hljs-meta': 'keyword',
  'hljs-selector-tag': 'keyword',
  'hljs-tag': 'keyword',
  'hljs-string': 'string',
  'hljs-regexp': 'string',
  'hljs-char': 'string',
  'hljs-symbol': 'string',
  'hljs-comment': 'comment',
  'hljs-quote': 'comment',
  'hljs-number': 'number',
  'hljs-literal': 'number',
  'hljs-title': 'title',
  'hljs-section': 'title',
  'hljs-type': 'title',
  'hljs-attr': 'title',
  'hljs-name': 'title',
};

type Node = {
  type: string;
  value?: string;
  properties?: { className?: unknown };
  children?: Node[];
};

function flatten(nodes: Node[], inherited: CodeTokenKind, out: CodeToken[]): void {
  for (const node of nodes) {
    if (node.type === 'text') {
      const text = node.value ?? '';
      const last = out[out.length - 1];
      if (last !== undefined && last.kind === inherited) last.text += text;
      else if (text !== '') out.push({ kind: inherited, text });
      continue;
    }
    const classes = Array.isArray(node.properties?.className) ? node.properties.className : [];
    const own = classes.map((c) => KINDS[String(c)]).find((k) => k !== undefined);
    flatten(node.children ?? [], own ?? inherited, out);
  }
}

/** The language code is in, by name when it is registered, else detected; null when unknown. */
export function resolveLanguage(code: string, language?: string | null): string | null {
  if (language && lowlight.registered(language)) return language;
  return guessLanguage(code);
}

/** Tokens of `code`, every character kept, in order. */
export function tokenizeCode(code: string, language?: string | null): CodeToken[] {
  if (code === '') return [];
  if (code.length > MAX_COLOURED_CHARS) return [{ kind: 'plain', text: code }];
  const resolved = resolveLanguage(code, language);
  if (resolved === null || resolved === 'plaintext') return [{ kind: 'plain', text: code }];
  const tokens: CodeToken[] = [];
  flatten(lowlight.highlight(resolved, code).children as Node[], 'plain', tokens);
  return tokens;
}

export interface TextPart {
  kind: 'text' | 'code';
  text: string;
  /** The fence's info string (e.g. "python"), code parts only. */
  language?: string;
}

const FENCE = /^```([^\n`]*)\n([\s\S]*?)^```[ \t]*$/gm;

/** Splits Markdown-style fenced code blocks out of prose; text without fences is one part. */
export function splitFences(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(FENCE)) {
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    parts.push({ kind: 'code', text: match[2] ?? '', language: (match[1] ?? '').trim() });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

const CODE_LINE =
  /^\s*(?:\d+\s+)?(?:def|class|import|from|function|const|let|return|if|elif|for|while|#include|package|func|fn|pub|public|private|async|export)\b/;

/** A tool's output that is source code (a file view, possibly numbered), to colour whole. */
export function looksLikeCode(text: string): boolean {
  const lines = text.split('\n', 400);
  const code = lines.filter((line) => CODE_LINE.test(line)).length;
  return code >= 2 && code * 10 >= lines.length;
}
