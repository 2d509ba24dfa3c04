// What an observation says, read from its text: whether it reports an error, and the counts of a
// test run's summary (pytest, unittest, Jest). Pure; shared by the heuristic rules.
import { normalizeWhitespace } from '../../../shared/segments';

/** A tool failure, recognised from how the observation starts (its first line). */
const ERROR_START =
  /^(?:error\b|\[error\]|errno\b|\[errno|exception\b|traceback \(most recent call last\)|fatal:|failed to\b|permission denied|usage:|invalid (?:argument|command|input|path|parameter))/i;
/** `cat: x: No such file or directory`, `bash: foo: command not found`. */
const SHELL_ERROR = /^[\w./-]+: (?:.*: )?(?:no such file or directory|command not found)/i;
/** A JSON tool result whose first key is "error". */
const JSON_ERROR = /^\{\s*"error"\s*:/;

export function isErrorObservation(text: string): boolean {
  const start = text.trimStart();
  return ERROR_START.test(start) || SHELL_ERROR.test(start) || JSON_ERROR.test(start);
}

export interface TestReport {
  passed: number;
  /** Failed tests plus errors (collection errors included). */
  failed: number;
}

// pytest's closing line: "==== 3 failed, 9 passed in 0.09s ====" (also "1 error in 0.05s").
const PYTEST_SUMMARY = /^=+ (.+?) in [\d.]+m?s(?: \([^)]*\))? =+$/gm;
const PYTEST_COUNT = /(\d+) (passed|failed|errors?|xpassed|xfailed|skipped|deselected|warnings?)/g;
// unittest: "Ran 12 tests in 0.01s" then "OK" or "FAILED (failures=2, errors=1)".
const UNITTEST_RAN = /^Ran (\d+) tests? in /m;
const UNITTEST_FAILED = /^FAILED \(([^)]*)\)/m;
// Jest: "Tests:       1 failed, 4 passed, 5 total".
const JEST_TESTS = /^Tests:\s+(.*\d+ total)$/m;

function pytestReport(text: string): TestReport | null {
  const lines = [...text.matchAll(PYTEST_SUMMARY)];
  const last = lines[lines.length - 1];
  if (last === undefined) return null;
  const report: TestReport = { passed: 0, failed: 0 };
  let counted = false;
  for (const [, count, kind] of (last[1] ?? '').matchAll(PYTEST_COUNT)) {
    const n = Number(count);
    if (kind === 'passed') report.passed += n;
    else if (kind === 'failed' || kind === 'error' || kind === 'errors') report.failed += n;
    else continue;
    counted = true;
  }
  return counted ? report : null;
}

function unittestReport(text: string): TestReport | null {
  const ran = UNITTEST_RAN.exec(text);
  if (ran === null) return null;
  const total = Number(ran[1]);
  const failedLine = UNITTEST_FAILED.exec(text);
  if (failedLine === null) return /^OK\b/m.test(text) ? { passed: total, failed: 0 } : null;
  let failed = 0;
  for (const [, n] of (failedLine[1] ?? '').matchAll(/(?:failures|errors)=(\d+)/g))
    failed += Number(n);
  return { passed: Math.max(0, total - failed), failed };
}

function jestReport(text: string): TestReport | null {
  const line = JEST_TESTS.exec(text);
  if (line === null) return null;
  const count = (kind: string) =>
    Number(new RegExp(`(\\d+) ${kind}`).exec(line[1] ?? '')?.[1] ?? 0);
  return { passed: count('passed'), failed: count('failed') };
}

/** The summary of a test run in an observation, or null when it holds none. */
export function parseTestReport(text: string): TestReport | null {
  return pytestReport(text) ?? unittestReport(text) ?? jestReport(text);
}

/** -1 when `after` is worse than `before`, 1 when better, 0 when neither. */
export function compareTestReports(before: TestReport, after: TestReport): -1 | 0 | 1 {
  if (after.failed > before.failed || after.passed < before.passed) return -1;
  if (after.failed < before.failed || after.passed > before.passed) return 1;
  return 0;
}

/** Equal keys for observations that differ only in whitespace. */
export function observationKey(text: string): string {
  return normalizeWhitespace(text);
}
