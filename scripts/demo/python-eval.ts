// Evaluator for the Python expression subset, with Python's semantics where they differ from
// JavaScript's: floor division and modulo, bool as int, `and`/`or` returning operands, chained
// comparisons, and Python's exception types and messages.

import { type ExprNode, PythonError } from './python-expression';

export type PyValue = number | boolean | string | null | PyDict;
export interface PyDict {
  readonly [key: string]: PyValue;
}

export interface EvalScope {
  lookup(name: string): PyValue | undefined;
  call(name: string, args: PyValue[]): PyValue;
}

function isDict(value: PyValue): value is PyDict {
  return typeof value === 'object' && value !== null;
}

function typeName(value: PyValue): string {
  if (value === null) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'string') return 'str';
  return 'dict';
}

export function truthy(value: PyValue): boolean {
  if (value === null) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return value.length > 0;
  return Object.keys(value).length > 0;
}

function asNumber(value: PyValue, op: string, other: PyValue): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  throw new PythonError(
    'TypeError',
    `unsupported operand type(s) for ${op}: '${typeName(value)}' and '${typeName(other)}'`,
  );
}

function arithmetic(op: string, left: PyValue, right: PyValue): PyValue {
  if (op === '+' && typeof left === 'string' && typeof right === 'string') return left + right;
  const a = asNumber(left, op, right);
  const b = asNumber(right, op, left);
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '**':
      return Math.pow(a, b);
    case '/':
      if (b === 0) throw new PythonError('ZeroDivisionError', 'division by zero');
      return a / b;
    case '//':
      if (b === 0) throw new PythonError('ZeroDivisionError', 'integer division or modulo by zero');
      return Math.floor(a / b);
    case '%':
      if (b === 0) throw new PythonError('ZeroDivisionError', 'integer division or modulo by zero');
      return ((a % b) + b) % b;
    default:
      throw new PythonError('SyntaxError', `unknown operator ${op}`);
  }
}

function numericOrNull(value: PyValue): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return null;
}

export function pyEquals(left: PyValue, right: PyValue): boolean {
  const a = numericOrNull(left);
  const b = numericOrNull(right);
  if (a !== null && b !== null) return a === b;
  if (isDict(left) && isDict(right)) {
    const keys = Object.keys(left);
    if (keys.length !== Object.keys(right).length) return false;
    return keys.every(
      (key) => key in right && pyEquals(left[key] as PyValue, right[key] as PyValue),
    );
  }
  return left === right;
}

function compare(op: string, left: PyValue, right: PyValue): boolean {
  if (op === '==') return pyEquals(left, right);
  if (op === '!=') return !pyEquals(left, right);
  const a = numericOrNull(left);
  const b = numericOrNull(right);
  let order: number;
  if (a !== null && b !== null) order = a - b;
  else if (typeof left === 'string' && typeof right === 'string')
    order = left < right ? -1 : left > right ? 1 : 0;
  else {
    throw new PythonError(
      'TypeError',
      `'${op}' not supported between instances of '${typeName(left)}' and '${typeName(right)}'`,
    );
  }
  if (op === '<') return order < 0;
  if (op === '<=') return order <= 0;
  if (op === '>') return order > 0;
  return order >= 0;
}

export function evaluate(node: ExprNode, scope: EvalScope): PyValue {
  switch (node.kind) {
    case 'number':
    case 'string':
    case 'constant':
      return node.value;
    case 'name': {
      const value = scope.lookup(node.name);
      if (value === undefined)
        throw new PythonError('NameError', `name '${node.name}' is not defined`);
      return value;
    }
    case 'unary': {
      const operand = evaluate(node.operand, scope);
      if (node.op === 'not') return !truthy(operand);
      return -asNumber(operand, 'unary -', operand);
    }
    case 'binary':
      return arithmetic(node.op, evaluate(node.left, scope), evaluate(node.right, scope));
    case 'logical': {
      const left = evaluate(node.left, scope);
      if (node.op === 'and') return truthy(left) ? evaluate(node.right, scope) : left;
      return truthy(left) ? left : evaluate(node.right, scope);
    }
    case 'compare': {
      let left = evaluate(node.operands[0] as ExprNode, scope);
      for (let i = 0; i < node.ops.length; i += 1) {
        const right = evaluate(node.operands[i + 1] as ExprNode, scope);
        if (!compare(node.ops[i] as string, left, right)) return false;
        left = right;
      }
      return true;
    }
    case 'ternary':
      return truthy(evaluate(node.test, scope))
        ? evaluate(node.body, scope)
        : evaluate(node.orelse, scope);
    case 'call':
      return scope.call(
        node.callee,
        node.args.map((arg) => evaluate(arg, scope)),
      );
    case 'subscript': {
      const target = evaluate(node.target, scope);
      const key = evaluate(node.key, scope);
      if (!isDict(target))
        throw new PythonError('TypeError', `'${typeName(target)}' object is not subscriptable`);
      if (typeof key !== 'string' || !(key in target))
        throw new PythonError('KeyError', pyRepr(key));
      return target[key] as PyValue;
    }
  }
}

/** Python's repr() for the values the simulator produces. */
export function pyRepr(value: PyValue): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') {
    if (Number.isInteger(value)) return String(value);
    return Number.isFinite(value) ? String(value) : value > 0 ? 'inf' : '-inf';
  }
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const entries = Object.entries(value).map(([key, item]) => `${pyRepr(key)}: ${pyRepr(item)}`);
  return `{${entries.join(', ')}}`;
}

/** Built-in functions available to simulated code. */
export function callBuiltin(name: string, args: PyValue[]): PyValue | undefined {
  const numbers = (): number[] => args.map((arg) => asNumber(arg, name, arg));
  switch (name) {
    case 'min':
      return Math.min(...numbers());
    case 'max':
      return Math.max(...numbers());
    case 'abs':
      return Math.abs(numbers()[0] ?? 0);
    case 'int':
      return typeof args[0] === 'string'
        ? Number.parseInt(args[0], 10)
        : Math.trunc(numbers()[0] ?? 0);
    case 'str':
      return typeof args[0] === 'string' ? args[0] : pyRepr(args[0] ?? null);
    default:
      return undefined;
  }
}
