import { describe, expect, it } from 'vitest';
import { RecordError } from '../chat/canonical';
import { turnwiseRecord } from './turnwise';

const call = { id: 'c1', type: 'function', function: { name: 'bash', arguments: '{}' } };
const record = (error: unknown) => ({
  messages: [
    { role: 'user', content: 'Run it.' },
    { role: 'assistant', content: '', tool_calls: [call] },
    { role: 'tool', tool_call_id: 'c1', content: 'bash: x: not found', error },
  ],
});

describe('turnwise messages carry turns.error', () => {
  it('reads the turns.error shape and the Inspect ToolCallError shape', () => {
    const own = turnwiseRecord(
      record({ kind: 'exit_code', message: 'not found', exit_code: 127 }),
      'a',
    );
    expect(own.turns[2]?.error).toEqual({
      kind: 'exit_code',
      message: 'not found',
      exit_code: 127,
    });
    const inspect = turnwiseRecord(record({ type: 'timeout', message: 'took 30 s' }), 'b');
    expect(inspect.turns[2]?.error).toEqual({
      kind: 'timeout',
      message: 'took 30 s',
      exit_code: null,
    });
    const bare = turnwiseRecord(record({ kind: 'permission' }), 'c');
    expect(bare.turns[2]?.error).toEqual({ kind: 'permission', message: null, exit_code: null });
    expect(turnwiseRecord(record(null), 'd').turns[2]?.error).toBeUndefined();
  });

  it('refuses a malformed error with its path', () => {
    expect(() => turnwiseRecord(record({ kind: 'oops' }), 'e')).toThrow(
      new RecordError(
        'messages[2].error.kind: expected one of timeout, permission, parsing, unicode_decode, file_not_found, is_a_directory, limit, approval, output_limit, unknown, exit_code, error',
      ),
    );
    expect(() => turnwiseRecord(record('failed'), 'f')).toThrow(
      /messages\[2\]\.error: expected an object/,
    );
    expect(() => turnwiseRecord(record({ kind: 'exit_code', exit_code: 1.5 }), 'g')).toThrow(
      /messages\[2\]\.error\.exit_code: expected an integer/,
    );
  });
});
