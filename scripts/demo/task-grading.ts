// Grading of final repository states. Test-graded tasks run the task's pristine tests (an agent
// that edits tests on disk does not change what it is graded by) against the current sources.

import { runPytest } from './pytest-sim';
import { parseExpression } from './python-expression';
import { evaluate, pyEquals, type PyValue } from './python-eval';
import type { NativeModules } from './python-runtime';
import { round4 } from './random';
import type { Grade } from './task-types';
import type { VirtualFs } from './virtual-fs';

/** Share of the reward a partial fix earns when nothing that worked before was broken. */
export const PARTIAL_CREDIT = 0.5;

export function isTestPath(path: string): boolean {
  return /^tests\//.test(path);
}

/** Runs the pristine tests on a copy of `fs`; returns test id -> passed (collection errors fail all). */
export function pristineCheckResults(
  fs: VirtualFs,
  pristineFiles: Readonly<Record<string, string>>,
  natives: NativeModules,
): Map<string, boolean> {
  const graded = fs.clone();
  for (const path of graded.filesUnder('tests')) if (isTestPath(path)) graded.write(path, '');
  for (const [path, content] of Object.entries(pristineFiles))
    if (isTestPath(path)) graded.write(path, content);
  const run = runPytest(graded, { natives });
  return new Map(run.outcomes.map((outcome) => [outcome.id, outcome.passed]));
}

/**
 * Builds a grader: success when every pristine test passes; otherwise, if every test that passed
 * in the initial repository still passes, PARTIAL_CREDIT times the share of initially failing tests
 * now fixed; 0 if anything that worked was broken.
 */
export function makeTestGrader(
  initialFiles: Readonly<Record<string, string>>,
  baseline: ReadonlyMap<string, boolean>,
  natives: NativeModules,
): (fs: VirtualFs) => Grade {
  const ids = [...baseline.keys()];
  const targets = ids.filter((id) => baseline.get(id) === false);
  return (fs) => {
    const results = pristineCheckResults(fs, initialFiles, natives);
    const checks: Record<string, boolean> = {};
    for (const id of ids) checks[id] = results.get(id) === true;
    const passed = ids.filter((id) => checks[id]).length;
    const success = passed === ids.length;
    const broken = ids.some((id) => baseline.get(id) === true && !checks[id]);
    const fixed = targets.filter((id) => checks[id]).length;
    const partial = broken || targets.length === 0 ? 0 : (PARTIAL_CREDIT * fixed) / targets.length;
    return { checks, passed, total: ids.length, success, reward: round4(success ? 1 : partial) };
  };
}

/** Normalises a free-text answer: trims, drops quotes, a trailing period and a repo-root prefix. */
export function normalizeAnswer(answer: string): string {
  return answer
    .trim()
    .replace(/^[`'"]+|[`'".]+$/g, '')
    .trim()
    .replace(/^(\/repo\/|\.\/)/, '')
    .toLowerCase();
}

function numericValue(text: string): number | null {
  if (!/^[\d\s()+\-*/%]+$/.test(text)) return null;
  try {
    const value: PyValue = evaluate(parseExpression(text), {
      lookup: () => undefined,
      call: () => null,
    });
    return typeof value === 'number' ? value : null;
  } catch {
    return null;
  }
}

/** Exact match after normalisation, or the same number (so "25 * 1024 * 1024" equals "26214400"). */
export function answersMatch(submitted: string, expected: string): boolean {
  const a = normalizeAnswer(submitted);
  const b = normalizeAnswer(expected);
  if (a === b) return true;
  const x = numericValue(a);
  const y = numericValue(b);
  return x !== null && y !== null && pyEquals(x, y);
}

export function gradeAnswer(submission: string | null, expected: string): Grade {
  const correct = submission !== null && answersMatch(submission, expected);
  return {
    checks: { answer: correct },
    passed: correct ? 1 : 0,
    total: 1,
    success: correct,
    reward: correct ? 1 : 0,
  };
}
