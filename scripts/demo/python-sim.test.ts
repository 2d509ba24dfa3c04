import { describe, expect, it } from 'vitest';
import { PythonError, parseExpression } from './python-expression';
import { evaluate, pyRepr, type PyValue } from './python-eval';
import { parseModule, PythonSyntaxError } from './python-module';
import { runPytest } from './pytest-sim';
import { VirtualFs } from './virtual-fs';

function py(source: string, vars: Record<string, PyValue> = {}): PyValue {
  return evaluate(parseExpression(source), {
    lookup: (name) => vars[name],
    call: (name, args) => {
      if (name === 'max') return Math.max(...(args as number[]));
      throw new PythonError('NameError', `name '${name}' is not defined`);
    },
  });
}

describe('python expression subset', () => {
  it('follows Python arithmetic, not JavaScript', () => {
    expect(py('-7 // 2')).toBe(-4);
    expect(py('-7 % 3')).toBe(2);
    expect(py('2 ** 3 ** 2')).toBe(512);
    expect(py('-2 ** 2')).toBe(-4);
    expect(py('7 / 2')).toBe(3.5);
    expect(py('True + True')).toBe(2);
  });

  it('supports chained comparisons, boolean operators and conditionals', () => {
    expect(py('0 <= x <= 10', { x: 10 })).toBe(true);
    expect(py('0 <= x <= 10', { x: 11 })).toBe(false);
    expect(py('x or 5', { x: 0 })).toBe(5);
    expect(py('t // c if c > 0 else 0', { t: 9, c: 0 })).toBe(0);
    expect(py('max(a - 1, 0) * 3', { a: 0 })).toBe(0);
    expect(py('d["k"]', { d: { k: 'v' } })).toBe('v');
  });

  it('raises Python errors', () => {
    expect(() => py('1 // 0')).toThrow(/integer division or modulo by zero/);
    expect(() => py('d["missing"]', { d: {} })).toThrow(/'missing'/);
    expect(() => py('nope')).toThrow(/name 'nope' is not defined/);
    for (const bad of ['(1 + 2', '1 +', 'a if b', '1 2', "'open"]) {
      expect(() => parseExpression(bad), bad).toThrow(PythonError);
    }
  });

  it('prints values like repr()', () => {
    expect([true, null, 3, 2.5, "it's"].map((v) => pyRepr(v))).toEqual([
      'True',
      'None',
      '3',
      '2.5',
      "'it\\'s'",
    ]);
  });
});

describe('python modules', () => {
  it('reads functions, docstrings and constants', () => {
    const module = parseModule(
      'm.py',
      '"""Doc."""\n\nLIMIT = 3\n\n\ndef f(a, b):\n    """Adds."""\n    return a + b\n',
    );
    expect([...module.functions.keys()]).toEqual(['f']);
    expect(module.functions.get('f')?.params).toEqual(['a', 'b']);
    expect(module.constants.has('LIMIT')).toBe(true);
  });

  it('reports syntax and indentation errors with line numbers', () => {
    expect(() => parseModule('m.py', 'def f(a):\n    return (a + 1\n')).toThrow(/line 2/);
    expect(() => parseModule('m.py', 'def f(a):\n  return a\n')).toThrow(PythonSyntaxError);
    expect(() => parseModule('m.py', 'x y\n')).toThrow(/invalid syntax/);
  });
});

const SOURCE =
  '"""Stats."""\n\n\ndef mean(total, count):\n    return total // count\n\n\ndef double(x):\n    return 2 * x\n';
const TESTS =
  'from pkg.stats import mean, double\n\n\ndef test_mean():\n    assert mean(10, 2) == 5\n\n\n' +
  'def test_empty():\n    assert mean(0, 0) == 0\n\n\ndef test_double():\n    assert double(2) == 5\n';

describe('simulated pytest', () => {
  it('runs the asserts against the current sources and reports like pytest', () => {
    const fs = new VirtualFs({ 'src/pkg/stats.py': SOURCE, 'tests/test_stats.py': TESTS });
    const run = runPytest(fs);
    expect(run.outcomes.map((o) => [o.name, o.passed])).toEqual([
      ['test_mean', true],
      ['test_empty', false],
      ['test_double', false],
    ]);
    expect(run.output).toContain('tests/test_stats.py .FF');
    expect(run.output).toContain('FAILED tests/test_stats.py::test_double - assert 4 == 5');
    expect(run.output).toContain('E        +  where 4 = double(2)');
    expect(run.output).toContain('src/pkg/stats.py:5: ZeroDivisionError');
    expect(run.output).toMatch(/=+ 2 failed, 1 passed in \d\.\d\ds =+$/);
    expect(run.output.split('\n').every((line) => line.length <= 100)).toBe(true);
  });

  it('reports the same output for the same state and reacts to edits', () => {
    const fs = new VirtualFs({ 'src/pkg/stats.py': SOURCE, 'tests/test_stats.py': TESTS });
    expect(runPytest(fs).output).toBe(runPytest(fs.clone()).output);
    fs.write(
      'src/pkg/stats.py',
      SOURCE.replace('total // count', 'total // max(count, 1)').replace('2 * x', '2 * x + 1'),
    );
    expect(runPytest(fs).outcomes.every((o) => o.passed)).toBe(true);
  });

  it('stops at collection errors, as pytest does', () => {
    const fs = new VirtualFs({
      'src/pkg/stats.py': SOURCE.replace('total // count', '(total // count'),
      'tests/test_stats.py': TESTS,
    });
    const run = runPytest(fs);
    expect(run.outcomes).toEqual([]);
    expect(run.errors).toHaveLength(1);
    expect(run.output).toContain('Interrupted: 1 error during collection');
    expect(run.output).toContain('SyntaxError: invalid syntax (stats.py, line 5)');
  });
});
