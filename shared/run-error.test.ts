import { describe, expect, it } from 'vitest';
import { runErrorOf, statedError } from './run-error';

describe('run errors', () => {
  it('reads an error as text, or an error object by its message', () => {
    expect(statedError('EOF when reading a line')).toBe('EOF when reading a line');
    expect(statedError({ message: 'boom', traceback: '...' })).toBe('boom');
    expect(statedError({ error: 'ModelError', error_chain_repr: "ModelError('500')" })).toBe(
      "ModelError('500')",
    );
    expect([statedError(''), statedError(null), statedError({}), statedError(3)]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it("finds a trajectory's error in its metadata text", () => {
    expect(runErrorOf('{"error":"EOF","traceback":"x"}')).toBe('EOF');
    expect(runErrorOf('{"error":null}')).toBeNull();
    expect(runErrorOf('not json')).toBeNull();
    expect(runErrorOf(null)).toBeNull();
  });
});
