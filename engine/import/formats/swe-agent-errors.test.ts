import { describe, expect, it } from 'vitest';
import { readAllItems, samplePath, trajectoriesOf } from '../../testing/test-support';
import { sweAgentFormat } from './swe-agent';
import { sweAgentObservationError } from './swe-agent-errors';

describe('sweAgentObservationError', () => {
  it('names the kind of each harness error template', () => {
    const kinds = [
      "The command 'python -m http.server' was cancelled because it took more than 30 seconds.",
      'Your bash command contained syntax errors and was NOT executed. Please fix the syntax',
      "Operation 'vim' is not supported by this environment.",
      '\nYour proposed edit has introduced new syntax error(s). Please understand the fixes',
      'Your output was not formatted correctly. You must always include one discussion',
      'Your last output did not use any tool calls!',
    ].map((text) => sweAgentObservationError(text)?.kind);
    expect(kinds).toEqual(['timeout', 'parsing', 'approval', 'error', 'parsing', 'parsing']);
  });

  it('keeps the message short and never reads command output as an error', () => {
    const long = `Your proposed edit has introduced new syntax error(s).${'x'.repeat(2000)}`;
    expect(sweAgentObservationError(long)?.message).toHaveLength(500);
    expect(sweAgentObservationError('Traceback (most recent call last):\n  File "x.py"')).toBe(
      null,
    );
    expect(sweAgentObservationError('grep: Your proposed edit has introduced new syntax')).toBe(
      null,
    );
  });
});

describe('swe-agent tool errors on a real trajectory', () => {
  it('flags the three rejected edits of pydicom-1458 and nothing else', async () => {
    const file = samplePath('swe-agent-traj', 'pydicom__pydicom-1458.old-v0.traj');
    const [trajectory] = trajectoriesOf(await readAllItems(sweAgentFormat, file));
    const errors = (trajectory?.turns ?? []).flatMap((turn, index) =>
      turn.error ? [{ index, role: turn.role, kind: turn.error.kind }] : [],
    );
    expect(errors).toEqual(
      [13, 15, 17].map((index) => ({ index, role: 'environment', kind: 'error' })),
    );
  });
});
