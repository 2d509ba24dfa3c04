import { describe, expect, it } from 'vitest';
import { actionFacts, isTestPath, nameWords } from './action-kinds';
import { compareTestReports, isErrorObservation, parseTestReport } from './observations';

describe('observations', () => {
  it('recognises tool errors by how the observation starts', () => {
    for (const text of [
      'Error: old_str not found',
      '  ERROR: file missing',
      'Traceback (most recent call last):\n  File "x.py"',
      'cat: a.txt: No such file or directory',
      'bash: foo: command not found',
      '{"error": "bad id"}',
      'fatal: not a git repository',
    ])
      expect(isErrorObservation(text), text).toBe(true);
    for (const text of [
      'docs/errors.md',
      'FAILED tests/test_a.py::test_x - assert 1 == 2',
      'src/app.py:3:raise Error("x")',
      'No errors found.',
      '',
    ])
      expect(isErrorObservation(text), text).toBe(false);
  });

  it('parses pytest, unittest and Jest summaries', () => {
    expect(parseTestReport('==== 3 failed, 9 passed in 0.09s ====')).toEqual({
      passed: 9,
      failed: 3,
    });
    expect(parseTestReport('=== 5 passed, 1 warning in 1.20s ===')).toEqual({
      passed: 5,
      failed: 0,
    });
    expect(
      parseTestReport('!! Interrupted: 1 error during collection !!\n==== 1 error in 0.05s ===='),
    ).toEqual({ passed: 0, failed: 1 });
    // Several sessions in one observation: the last one counts.
    expect(
      parseTestReport('== 1 failed, 1 passed in 0.1s ==\nlater\n== 2 passed in 0.1s =='),
    ).toEqual({ passed: 2, failed: 0 });
    expect(
      parseTestReport('....\nRan 12 tests in 0.010s\n\nFAILED (failures=2, errors=1)'),
    ).toEqual({
      passed: 9,
      failed: 3,
    });
    expect(parseTestReport('Ran 4 tests in 0.001s\n\nOK')).toEqual({ passed: 4, failed: 0 });
    expect(parseTestReport('Tests:       1 failed, 4 passed, 5 total')).toEqual({
      passed: 4,
      failed: 1,
    });
    expect(parseTestReport('all good')).toBeNull();
  });

  it('compares reports: more failures or fewer passes is worse', () => {
    expect(compareTestReports({ passed: 9, failed: 3 }, { passed: 12, failed: 0 })).toBe(1);
    expect(compareTestReports({ passed: 9, failed: 3 }, { passed: 0, failed: 1 })).toBe(-1);
    expect(compareTestReports({ passed: 9, failed: 3 }, { passed: 9, failed: 3 })).toBe(0);
  });
});

describe('action kinds', () => {
  it('splits tool names into words', () => {
    expect(nameWords('readFile')).toEqual(['read', 'file']);
    expect(nameWords('str_replace-editor.v2')).toEqual(['str', 'replace', 'editor', 'v2']);
  });

  const kind = (name: string, args: Record<string, unknown> = {}) =>
    actionFacts([{ name, arguments: JSON.stringify(args) }], '').kind;

  it('tells finishing actions, state changes and look-ups apart', () => {
    expect(kind('submit')).toBe('finish');
    expect(kind('final_answer')).toBe('finish');
    expect(kind('edit_file')).toBe('state_change');
    expect(kind('cancel_pending_order')).toBe('state_change');
    expect(kind('get_type')).toBe('lookup'); // a read verb first wins
    expect(kind('run_tests')).toBe('lookup');
    expect(kind('grep')).toBe('lookup');
    expect(kind('str_replace_editor', { command: 'view', path: 'a.py' })).toBe('lookup');
    expect(kind('str_replace_editor', { command: 'str_replace', path: 'a.py' })).toBe(
      'state_change',
    );
    expect(kind('bash', { command: 'ls -la && cat a.py 2>&1' })).toBe('lookup');
    expect(kind('bash', { command: 'python x.py > /dev/null' })).toBe('lookup');
    expect(kind('bash', { command: 'echo hi > out.txt' })).toBe('state_change');
    expect(kind('execute_bash', { command: 'git commit -am fix' })).toBe('state_change');
    expect(kind('bash', { command: 'pip install requests' })).toBe('state_change');
  });

  it('with several calls the strongest kind wins', () => {
    expect(
      actionFacts(
        [
          { name: 'read_file', arguments: '{"path":"a"}' },
          { name: 'write_file', arguments: '{"path":"b"}' },
        ],
        '',
      ),
    ).toEqual({ kind: 'state_change', paths: ['a', 'b'], inPlaceEdit: false });
  });

  it('recognises test paths', () => {
    for (const p of ['tests/test_a.py', 'src/test_x.py', 'pkg/a_test.go', 'web/a.spec.ts'])
      expect(isTestPath(p), p).toBe(true);
    for (const p of ['src/a.py', 'src/testing_utils.py', 'docs/latest.md', 'contest.py'])
      expect(isTestPath(p), p).toBe(false);
  });
});
