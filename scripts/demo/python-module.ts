// Reads a simulated Python source file into its imports, constants and functions. Function bodies
// hold docstrings, comments and `return`/`assert` statements; anything else in the file is a
// SyntaxError with the line number, as the interpreter would report on import.

import { type ExprNode, parseExpression, PythonError } from './python-expression';

export interface PyStatement {
  kind: 'return' | 'assert';
  expr: ExprNode;
  /** The statement's source text without indentation, for tracebacks. */
  text: string;
  line: number;
}

export interface PyFunctionDef {
  name: string;
  params: string[];
  line: number;
  body: PyStatement[];
}

export interface PyImport {
  module: string;
  names: string[];
  line: number;
}

export interface PyModule {
  path: string;
  imports: PyImport[];
  constants: Map<string, ExprNode>;
  functions: Map<string, PyFunctionDef>;
}

export class PythonSyntaxError extends PythonError {
  constructor(
    readonly path: string,
    readonly line: number,
    detail: string,
    pyType = 'SyntaxError',
  ) {
    super(pyType, `${detail} (${path.split('/').pop() ?? path}, line ${line})`);
  }
}

const DEF = /^def ([A-Za-z_]\w*)\(([^)]*)\):\s*(#.*)?$/;
const FROM_IMPORT = /^from ([\w.]+) import ([\w, ]+)$/;
const PLAIN_IMPORT = /^import [\w.]+(, [\w.]+)*$/;
const CONSTANT = /^([A-Za-z_]\w*) = (.+)$/;
const BODY_STATEMENT = /^(return|assert) (.+)$/;

/** Skips a docstring starting at `index`; returns the index of its last line, or -1 if none. */
function docstringEnd(lines: string[], index: number): number {
  const text = (lines[index] ?? '').trim();
  const quote = text.startsWith('"""') ? '"""' : text.startsWith("'''") ? "'''" : null;
  if (quote === null) return -1;
  if (text.length >= 6 && text.endsWith(quote)) return index;
  for (let i = index + 1; i < lines.length; i += 1) {
    if ((lines[i] ?? '').includes(quote)) return i;
  }
  return lines.length - 1;
}

function parseStatement(path: string, text: string, lineNumber: number): PyStatement {
  const match = BODY_STATEMENT.exec(text);
  if (match === null) throw new PythonSyntaxError(path, lineNumber, 'invalid syntax');
  try {
    return {
      kind: match[1] as 'return' | 'assert',
      expr: parseExpression(match[2] as string),
      text,
      line: lineNumber,
    };
  } catch (error) {
    if (error instanceof PythonError)
      throw new PythonSyntaxError(path, lineNumber, 'invalid syntax');
    throw error;
  }
}

function parseFunction(
  path: string,
  lines: string[],
  start: number,
  match: RegExpExecArray,
): [PyFunctionDef, number] {
  const params = (match[2] as string)
    .split(',')
    .map((param) => param.trim())
    .filter((param) => param.length > 0);
  const fn: PyFunctionDef = { name: match[1] as string, params, line: start + 1, body: [] };
  let i = start + 1;
  for (; i < lines.length; i += 1) {
    const raw = lines[i] as string;
    if (raw.trim() === '') continue;
    if (!raw.startsWith(' ') && !raw.startsWith('\t')) break;
    if (!raw.startsWith('    ') || raw.startsWith('     ')) {
      throw new PythonSyntaxError(
        path,
        i + 1,
        'unindent does not match any outer indentation level',
        'IndentationError',
      );
    }
    const text = raw.trim();
    if (text.startsWith('#')) continue;
    const docEnd = docstringEnd(lines, i);
    if (docEnd >= 0) {
      i = docEnd;
      continue;
    }
    fn.body.push(parseStatement(path, text, i + 1));
  }
  if (fn.body.length === 0) {
    throw new PythonSyntaxError(
      path,
      start + 2,
      'expected an indented block after function definition',
      'IndentationError',
    );
  }
  return [fn, i - 1];
}

/** Parses a whole file; throws PythonSyntaxError like `import` would. */
export function parseModule(path: string, source: string): PyModule {
  const module: PyModule = { path, imports: [], constants: new Map(), functions: new Map() };
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const raw = lines[i] as string;
    const text = raw.trim();
    if (text === '' || text.startsWith('#')) continue;
    if (raw !== raw.trimStart())
      throw new PythonSyntaxError(path, i + 1, 'unexpected indent', 'IndentationError');
    const docEnd = docstringEnd(lines, i);
    if (docEnd >= 0) {
      i = docEnd;
      continue;
    }
    const def = DEF.exec(text);
    if (def !== null) {
      const [fn, last] = parseFunction(path, lines, i, def);
      module.functions.set(fn.name, fn);
      i = last;
      continue;
    }
    const fromImport = FROM_IMPORT.exec(text);
    if (fromImport !== null) {
      const names = (fromImport[2] as string).split(',').map((name) => name.trim());
      module.imports.push({ module: fromImport[1] as string, names, line: i + 1 });
      continue;
    }
    if (PLAIN_IMPORT.test(text)) continue;
    const constant = CONSTANT.exec(text);
    if (constant !== null) {
      try {
        module.constants.set(constant[1] as string, parseExpression(constant[2] as string));
      } catch {
        throw new PythonSyntaxError(path, i + 1, 'invalid syntax');
      }
      continue;
    }
    throw new PythonSyntaxError(path, i + 1, 'invalid syntax');
  }
  return module;
}
