// Python's json.loads/json.dumps(indent=2) byte for byte, so a sample that was re-serialized with
// Python (tau-bench's subset) can be rebuilt from its upstream file and match its sha256. Numbers
// keep their lexeme (int vs float matters to Python) and objects keep key order (a JS object
// would move integer-like keys first).

export type PyValue = null | boolean | string | PyNumber | PyValue[] | PyObject;
export class PyNumber {
  constructor(readonly raw: string) {}
  get value(): number {
    return Number(this.raw);
  }
}
export type PyObject = Map<string, PyValue>;

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const SPACE = /[ \t\n\r]*/y;

/** Parses JSON text keeping number lexemes and key order. */
export function parsePyJson(text: string): PyValue {
  let at = 0;
  const skip = () => {
    SPACE.lastIndex = at;
    SPACE.exec(text);
    at = SPACE.lastIndex;
  };
  const fail = (what: string): never => {
    throw new Error(`JSON: ${what} at offset ${at}`);
  };
  const stringAt = (): string => {
    const start = at;
    at += 1;
    while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    if (at >= text.length) fail('unterminated string');
    at += 1;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const value = (): PyValue => {
    skip();
    const c = text[at];
    if (c === '"') return stringAt();
    if (c === '[') {
      at += 1;
      const list: PyValue[] = [];
      skip();
      if (text[at] === ']') return ((at += 1), list);
      for (;;) {
        list.push(value());
        skip();
        if (text[at] === ']') return ((at += 1), list);
        if (text[at] !== ',') fail('expected , or ]');
        at += 1;
      }
    }
    if (c === '{') {
      at += 1;
      const object: PyObject = new Map();
      skip();
      if (text[at] === '}') return ((at += 1), object);
      for (;;) {
        skip();
        if (text[at] !== '"') fail('expected a key');
        const key = stringAt();
        skip();
        if (text[at] !== ':') fail('expected :');
        at += 1;
        object.set(key, value());
        skip();
        if (text[at] === '}') return ((at += 1), object);
        if (text[at] !== ',') fail('expected , or }');
        at += 1;
      }
    }
    for (const [word, literal] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, at)) return ((at += word.length), literal);
    }
    NUMBER.lastIndex = at;
    const match = NUMBER.exec(text);
    if (!match) return fail('unexpected character');
    at = NUMBER.lastIndex;
    return new PyNumber(match[0]);
  };
  const result = value();
  skip();
  if (at !== text.length) fail('trailing text');
  return result;
}

/** Python's float repr: shortest round-trip digits, exponent form below 1e-4 or from 1e16. */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mantissa = '', exp = '0'] = x.toExponential().split('e');
  const e = Number(exp);
  if (e < -4 || e >= 16) {
    const sign = e < 0 ? '-' : '+';
    return `${mantissa}e${sign}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  const fixed = String(x);
  return fixed.includes('.') ? fixed : `${fixed}.0`;
}

function pyNumber(n: PyNumber): string {
  if (/^-?\d+$/.test(n.raw)) return BigInt(n.raw).toString();
  return pyFloatRepr(n.value);
}

const NAMED: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/** A string as json.dumps(ensure_ascii=True) writes it: only printable ASCII left as is. */
export function pyString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i += 1) {
    const ch = s[i] ?? '';
    const code = s.charCodeAt(i);
    out +=
      NAMED[ch] ?? (code >= 0x20 && code <= 0x7e ? ch : `\\u${code.toString(16).padStart(4, '0')}`);
  }
  return out + '"';
}

/** json.dumps(value, indent=2) with Python's default separators and ensure_ascii. */
export function pyDumps(value: PyValue, depth = 0): string {
  if (value === null) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'string') return pyString(value);
  if (value instanceof PyNumber) return pyNumber(value);
  const inner = '  '.repeat(depth + 1);
  const outer = '  '.repeat(depth);
  const items = Array.isArray(value)
    ? value.map((item) => inner + pyDumps(item, depth + 1))
    : [...value].map(([key, item]) => `${inner}${pyString(key)}: ${pyDumps(item, depth + 1)}`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return items.length === 0 ? open + close : `${open}\n${items.join(',\n')}\n${outer}${close}`;
}
