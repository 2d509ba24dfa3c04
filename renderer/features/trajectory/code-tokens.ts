// A small, language-agnostic code tokenizer for transcripts: comments, strings, numbers and the
// keywords of the languages agents usually write (Python, JS/TS, shell, Go, Rust, SQL). It only
// colours text; it never changes or interprets it.
export type CodeTokenKind = 'plain' | 'keyword' | 'string' | 'comment' | 'number';
export interface CodeToken {
  kind: CodeTokenKind;
  text: string;
}

const KEYWORDS = new Set(
  (
    'and as assert async await break case catch class const continue def del do elif else enum ' +
    'except export extends false False finally fn for from func function go if impl import in ' +
    'interface is lambda let match mod mut nil None not null or package pass pub raise return ' +
    'self static struct switch this throw true True try type typeof use var while with yield ' +
    'fi then done esac echo local select insert update delete where join on group by order limit'
  ).split(' '),
);

// One alternative per token kind, tried left to right at each position.
const TOKEN =
  /(#[^\n]*|\/\/[^\n]*|\/\*[\s\S]*?\*\/|--[^\n]*)|("""[\s\S]*?"""|'''[\s\S]*?'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)|(\b\d+(?:\.\d+)?(?:e[+-]?\d+)?\b)|([A-Za-z_][A-Za-z0-9_]*)/g;

export function tokenizeCode(code: string): CodeToken[] {
  const tokens: CodeToken[] = [];
  let plain = '';
  let last = 0;
  const flush = () => {
    if (plain !== '') tokens.push({ kind: 'plain', text: plain });
    plain = '';
  };
  for (const match of code.matchAll(TOKEN)) {
    plain += code.slice(last, match.index);
    last = match.index + match[0].length;
    const [text, comment, string, number, word] = match;
    const kind: CodeTokenKind | null =
      comment !== undefined
        ? 'comment'
        : string !== undefined
          ? 'string'
          : number !== undefined
            ? 'number'
            : word !== undefined && KEYWORDS.has(word)
              ? 'keyword'
              : null;
    if (kind === null) {
      plain += text;
      continue;
    }
    flush();
    tokens.push({ kind, text });
  }
  plain += code.slice(last);
  flush();
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
