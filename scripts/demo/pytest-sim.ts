// A simulated `pytest`: discovers tests/test_*.py in the virtual repo, really evaluates every
// assert against the current sources, and prints a session report in pytest's layout. Its output
// is a pure function of the file-system state, so re-running unchanged code repeats it exactly.

import { type ExprNode, PythonError } from './python-expression';
import { evaluate, pyEquals, pyRepr, type PyValue, truthy } from './python-eval';
import { parseModule, PythonSyntaxError, type PyFunctionDef } from './python-module';
import { type Callable, type NativeModules, PythonRuntime, raiseSiteOf } from './python-runtime';
import { mixHash } from './random';
import { formatSession } from './pytest-report';
import type { VirtualFs } from './virtual-fs';

export interface TestOutcome {
  id: string;
  file: string;
  name: string;
  passed: boolean;
  /** One-line reason for the short summary ("assert 10 == 0", "ZeroDivisionError: ..."). */
  reason: string;
  /** The failure block body, pytest style. */
  detail: string[];
}

export interface CollectionError {
  file: string;
  reason: string;
  detail: string[];
}

export interface TestRun {
  outcomes: TestOutcome[];
  errors: CollectionError[];
  output: string;
}

export interface PytestOptions {
  /** Restrict to a file or directory, like `pytest tests/test_x.py`. */
  target?: string;
  natives?: NativeModules;
}

function renderCall(node: ExprNode, args: PyValue[]): string | null {
  if (node.kind !== 'call') return null;
  return `${node.callee}(${args.map(pyRepr).join(', ')})`;
}

function exceptionDetail(
  test: PyFunctionDef,
  file: string,
  line: number,
  text: string,
  error: PythonError,
): string[] {
  const lines = [`    def ${test.name}():`, `>       ${text}`, ''];
  const site = raiseSiteOf(error);
  if (site === undefined) {
    lines.push(`E       ${error.pyType}: ${error.message}`, '', `${file}:${line}: ${error.pyType}`);
    return lines;
  }
  lines.push(`${file}:${line}: `, '_ '.repeat(40).trimEnd(), '');
  lines.push(`    def ${site.fn.name}(${site.fn.params.join(', ')}):`, `>       ${site.text}`);
  lines.push(
    `E       ${error.pyType}: ${error.message}`,
    '',
    `${site.path}:${site.line}: ${error.pyType}`,
  );
  return lines;
}

function runTest(file: string, test: PyFunctionDef, names: Map<string, Callable>): TestOutcome {
  const id = `${file}::${test.name}`;
  const scope = {
    lookup: (): PyValue | undefined => undefined,
    call: (name: string, args: PyValue[]): PyValue => {
      const fn = names.get(name);
      if (fn === undefined) throw new PythonError('NameError', `name '${name}' is not defined`);
      return fn(args);
    },
  };
  for (const statement of test.body) {
    const expr = statement.expr;
    try {
      if (expr.kind === 'compare' && expr.ops.length === 1 && expr.ops[0] === '==') {
        const leftNode = expr.operands[0] as ExprNode;
        const left = evaluate(leftNode, scope);
        const right = evaluate(expr.operands[1] as ExprNode, scope);
        if (pyEquals(left, right)) continue;
        const reason = `assert ${pyRepr(left)} == ${pyRepr(right)}`;
        const detail = [
          `    def ${test.name}():`,
          `>       ${statement.text}`,
          `E       ${reason}`,
        ];
        const args =
          leftNode.kind === 'call' ? leftNode.args.map((arg) => evaluate(arg, scope)) : [];
        const call = renderCall(leftNode, args);
        if (call !== null) detail.push(`E        +  where ${pyRepr(left)} = ${call}`);
        detail.push('', `${file}:${statement.line}: AssertionError`);
        return { id, file, name: test.name, passed: false, reason, detail };
      }
      if (!truthy(evaluate(expr, scope))) {
        const reason = 'assert False';
        const detail = [
          `    def ${test.name}():`,
          `>       ${statement.text}`,
          `E       ${reason}`,
        ];
        return { id, file, name: test.name, passed: false, reason, detail };
      }
    } catch (error) {
      if (!(error instanceof PythonError)) throw error;
      const reason = `${error.pyType}: ${error.message.split('\n')[0] ?? ''}`;
      const detail = exceptionDetail(test, file, statement.line, statement.text, error);
      return { id, file, name: test.name, passed: false, reason, detail };
    }
  }
  return { id, file, name: test.name, passed: true, reason: '', detail: [] };
}

function collectionError(fs: VirtualFs, file: string, error: PythonError): CollectionError {
  const detail = [`ImportError while importing test module '/repo/${file}'.`];
  if (error instanceof PythonSyntaxError) {
    const source = fs.read(error.path)?.split('\n')[error.line - 1]?.trim() ?? '';
    detail.push(`E     File "/repo/${error.path}", line ${error.line}`, `E       ${source}`);
  }
  detail.push(`E   ${error.pyType}: ${error.message}`);
  return { file, reason: `${error.pyType}: ${error.message.split('\n')[0] ?? ''}`, detail };
}

/** Runs the suite on the current state of `fs`. */
export function runPytest(fs: VirtualFs, options: PytestOptions = {}): TestRun {
  const target = options.target ?? 'tests';
  const files = fs.filesUnder(target).filter((path) => /(^|\/)test_[^/]*\.py$/.test(path));
  const runtime = new PythonRuntime(fs, options.natives);
  const outcomes: TestOutcome[] = [];
  const errors: CollectionError[] = [];
  const collected: { file: string; tests: PyFunctionDef[]; names: Map<string, Callable> }[] = [];
  for (const file of files) {
    try {
      const module = parseModule(file, fs.read(file) as string);
      const names = new Map<string, Callable>();
      for (const imported of module.imports) {
        for (const [name, fn] of runtime.importNames(imported.module, imported.names))
          names.set(name, fn);
      }
      const tests = [...module.functions.values()].filter((fn) => fn.name.startsWith('test'));
      collected.push({ file, tests, names });
    } catch (error) {
      if (!(error instanceof PythonError)) throw error;
      errors.push(collectionError(fs, file, error));
    }
  }
  // pytest stops the session when collection fails: nothing runs.
  if (errors.length === 0) {
    for (const { file, tests, names } of collected) {
      for (const test of tests) outcomes.push(runTest(file, test, names));
    }
  }
  const itemCount = collected.reduce((sum, entry) => sum + entry.tests.length, 0);
  const stateHash = mixHash(...fs.entries().flat(), target);
  const output = formatSession({ files, outcomes, errors, itemCount, stateHash });
  return { outcomes, errors, output };
}
