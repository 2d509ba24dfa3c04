// Formats a simulated pytest session exactly the way pytest lays it out on an 80-column terminal.

import type { CollectionError, TestOutcome } from './pytest-sim';

const WIDTH = 80;

/** pytest's `TerminalWriter.sep`: a title centred in a line of fill characters. */
export function separator(fill: string, title = ''): string {
  if (title === '') return fill.repeat(WIDTH);
  const n = Math.max(Math.floor((WIDTH - title.length - 2) / (2 * fill.length)), 1);
  const bar = fill.repeat(n);
  let line = `${bar} ${title} ${bar}`;
  if (line.length + fill.trimEnd().length <= WIDTH) line += fill.trimEnd();
  return line;
}

function progressLine(file: string, marks: string, percent: number): string {
  const left = `${file} ${marks}`;
  const right = `[${String(percent).padStart(3)}%]`;
  return `${left}${' '.repeat(Math.max(1, WIDTH - left.length - right.length))}${right}`;
}

function countsText(failed: number, passed: number, errors: number): string {
  const parts: string[] = [];
  if (failed > 0) parts.push(`${failed} failed`);
  if (passed > 0) parts.push(`${passed} passed`);
  if (errors > 0) parts.push(`${errors} error${errors === 1 ? '' : 's'}`);
  return parts.length === 0 ? 'no tests ran' : parts.join(', ');
}

export interface SessionSummary {
  files: string[];
  outcomes: TestOutcome[];
  errors: CollectionError[];
  itemCount: number;
  /** Fixes the reported duration, so an unchanged repo reports the same run. */
  stateHash: number;
}

export function formatSession(session: SessionSummary): string {
  const { files, outcomes, errors, itemCount } = session;
  const lines = [
    separator('=', 'test session starts'),
    'platform linux -- Python 3.11.9, pytest-8.2.2, pluggy-1.5.0',
    'rootdir: /repo',
    errors.length > 0
      ? `collected ${itemCount} items / ${errors.length} error${errors.length === 1 ? '' : 's'}`
      : `collected ${itemCount} item${itemCount === 1 ? '' : 's'}`,
    '',
  ];
  if (errors.length === 0) {
    let done = 0;
    for (const file of files) {
      const marks = outcomes
        .filter((outcome) => outcome.file === file)
        .map((o) => (o.passed ? '.' : 'F'));
      if (marks.length === 0) continue;
      done += marks.length;
      lines.push(
        progressLine(file, marks.join(''), Math.floor((100 * done) / Math.max(1, itemCount))),
      );
    }
  } else {
    lines.push(...errors.map((error) => progressLine(error.file, 'E', 100)));
  }
  const failures = outcomes.filter((outcome) => !outcome.passed);
  if (errors.length > 0) {
    lines.push('', separator('=', 'ERRORS'));
    for (const error of errors)
      lines.push(separator('_', `ERROR collecting ${error.file}`), ...error.detail);
  }
  if (failures.length > 0) {
    lines.push('', separator('=', 'FAILURES'));
    for (const failure of failures) lines.push(separator('_', failure.name), '', ...failure.detail);
  }
  if (errors.length > 0 || failures.length > 0) {
    lines.push(separator('=', 'short test summary info'));
    for (const error of errors) lines.push(`ERROR ${error.file} - ${error.reason}`);
    for (const failure of failures) lines.push(`FAILED ${failure.id} - ${failure.reason}`);
  }
  if (errors.length > 0) {
    lines.push(
      separator(
        '!',
        `Interrupted: ${errors.length} error${errors.length === 1 ? '' : 's'} during collection`,
      ),
    );
  }
  const seconds = (0.02 + 0.004 * outcomes.length + (session.stateHash % 40) / 1000).toFixed(2);
  const passed = outcomes.length - failures.length;
  lines.push(
    separator('=', `${countsText(failures.length, passed, errors.length)} in ${seconds}s`),
  );
  return lines.join('\n');
}
