// Parser for the Python expression subset the simulated repositories use (function bodies are a
// single `return <expr>`, tests are `assert <expr>`). Enough of Python to be honest about it:
// precedence, chained comparisons, `x if c else y`, calls, subscripts, ints, strings, booleans.

export class PythonError extends Error {
  constructor(
    readonly pyType: string,
    message: string,
  ) {
    super(message);
  }
}

export type ExprNode =
  | { kind: 'number'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'constant'; value: boolean | null }
  | { kind: 'name'; name: string }
  | { kind: 'unary'; op: '-' | 'not'; operand: ExprNode }
  | { kind: 'binary'; op: string; left: ExprNode; right: ExprNode }
  | { kind: 'logical'; op: 'and' | 'or'; left: ExprNode; right: ExprNode }
  | { kind: 'compare'; ops: string[]; operands: ExprNode[] }
  | { kind: 'ternary'; test: ExprNode; body: ExprNode; orelse: ExprNode }
  | { kind: 'call'; callee: string; args: ExprNode[] }
  | { kind: 'subscript'; target: ExprNode; key: ExprNode };

type Token =
  | { type: 'number'; text: string }
  | { type: 'string'; text: string; value: string }
  | { type: 'name'; text: string }
  | { type: 'op'; text: string }
  | { type: 'end'; text: '' };

const OPERATORS = [
  '**',
  '//',
  '==',
  '!=',
  '<=',
  '>=',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
  '(',
  ')',
  '[',
  ']',
  ',',
];
const COMPARISONS = new Set(['==', '!=', '<', '<=', '>', '>=']);
const KEYWORDS = new Set(['and', 'or', 'not', 'if', 'else', 'True', 'False', 'None']);

function syntaxError(source: string): PythonError {
  return new PythonError('SyntaxError', `invalid syntax: ${source.trim()}`);
}

function lex(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i] as string;
    if (ch === ' ' || ch === '\t') {
      i += 1;
    } else if (/\d/.test(ch)) {
      const match = /^\d+/.exec(source.slice(i)) as RegExpExecArray;
      tokens.push({ type: 'number', text: match[0] });
      i += match[0].length;
    } else if (/[A-Za-z_]/.test(ch)) {
      const match = /^[A-Za-z_]\w*/.exec(source.slice(i)) as RegExpExecArray;
      tokens.push({ type: 'name', text: match[0] });
      i += match[0].length;
    } else if (ch === '"' || ch === "'") {
      const end = source.indexOf(ch, i + 1);
      if (end < 0) throw syntaxError(source);
      tokens.push({
        type: 'string',
        text: source.slice(i, end + 1),
        value: source.slice(i + 1, end),
      });
      i = end + 1;
    } else {
      const op = OPERATORS.find((candidate) => source.startsWith(candidate, i));
      if (op === undefined) throw syntaxError(source);
      tokens.push({ type: 'op', text: op });
      i += op.length;
    }
  }
  tokens.push({ type: 'end', text: '' });
  return tokens;
}

class Parser {
  private position = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly source: string,
  ) {}

  private peek(): Token {
    return this.tokens[this.position] as Token;
  }

  private isOp(text: string): boolean {
    const token = this.peek();
    return (token.type === 'op' || token.type === 'name') && token.text === text;
  }

  private take(): Token {
    const token = this.peek();
    this.position += 1;
    return token;
  }

  private expect(text: string): void {
    if (!this.isOp(text)) throw syntaxError(this.source);
    this.position += 1;
  }

  parseAll(): ExprNode {
    const node = this.ternary();
    if (this.peek().type !== 'end') throw syntaxError(this.source);
    return node;
  }

  private ternary(): ExprNode {
    const body = this.or();
    if (!this.isOp('if')) return body;
    this.take();
    const test = this.or();
    this.expect('else');
    return { kind: 'ternary', test, body, orelse: this.ternary() };
  }

  private or(): ExprNode {
    let left = this.and();
    while (this.isOp('or')) {
      this.take();
      left = { kind: 'logical', op: 'or', left, right: this.and() };
    }
    return left;
  }

  private and(): ExprNode {
    let left = this.not();
    while (this.isOp('and')) {
      this.take();
      left = { kind: 'logical', op: 'and', left, right: this.not() };
    }
    return left;
  }

  private not(): ExprNode {
    if (this.isOp('not')) {
      this.take();
      return { kind: 'unary', op: 'not', operand: this.not() };
    }
    return this.comparison();
  }

  private comparison(): ExprNode {
    const first = this.sum();
    const ops: string[] = [];
    const operands = [first];
    while (this.peek().type === 'op' && COMPARISONS.has(this.peek().text)) {
      ops.push(this.take().text);
      operands.push(this.sum());
    }
    return ops.length === 0 ? first : { kind: 'compare', ops, operands };
  }

  private sum(): ExprNode {
    let left = this.term();
    while (this.isOp('+') || this.isOp('-')) {
      const op = this.take().text;
      left = { kind: 'binary', op, left, right: this.term() };
    }
    return left;
  }

  private term(): ExprNode {
    let left = this.unary();
    while (this.isOp('*') || this.isOp('//') || this.isOp('/') || this.isOp('%')) {
      const op = this.take().text;
      left = { kind: 'binary', op, left, right: this.unary() };
    }
    return left;
  }

  private unary(): ExprNode {
    if (this.isOp('-')) {
      this.take();
      return { kind: 'unary', op: '-', operand: this.unary() };
    }
    return this.power();
  }

  private power(): ExprNode {
    const base = this.postfix();
    if (!this.isOp('**')) return base;
    this.take();
    // Right-associative and binds tighter than unary minus on its left only.
    return { kind: 'binary', op: '**', left: base, right: this.unary() };
  }

  private postfix(): ExprNode {
    let node = this.atom();
    for (;;) {
      if (this.isOp('(')) {
        if (node.kind !== 'name') throw syntaxError(this.source);
        this.take();
        const args: ExprNode[] = [];
        while (!this.isOp(')')) {
          args.push(this.ternary());
          if (!this.isOp(')')) this.expect(',');
        }
        this.take();
        node = { kind: 'call', callee: node.name, args };
      } else if (this.isOp('[')) {
        this.take();
        const key = this.ternary();
        this.expect(']');
        node = { kind: 'subscript', target: node, key };
      } else {
        return node;
      }
    }
  }

  private atom(): ExprNode {
    const token = this.take();
    if (token.type === 'number') return { kind: 'number', value: Number(token.text) };
    if (token.type === 'string') return { kind: 'string', value: token.value };
    if (token.type === 'name') {
      if (token.text === 'True') return { kind: 'constant', value: true };
      if (token.text === 'False') return { kind: 'constant', value: false };
      if (token.text === 'None') return { kind: 'constant', value: null };
      if (KEYWORDS.has(token.text)) throw syntaxError(this.source);
      return { kind: 'name', name: token.text };
    }
    if (token.type === 'op' && token.text === '(') {
      const inner = this.ternary();
      this.expect(')');
      return inner;
    }
    throw syntaxError(this.source);
  }
}

/** Parses one expression; throws PythonError('SyntaxError') on anything outside the subset. */
export function parseExpression(source: string): ExprNode {
  return new Parser(lex(source), source).parseAll();
}
