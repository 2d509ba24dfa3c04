import { describe, expect, it } from 'vitest';
import { messageToTurn } from './openai-messages';
import { RecordError } from './canonical';

const call = { id: 'c1', type: 'function', function: { name: 'add', arguments: '{"b":2,"a":1}' } };

describe('tool calls given as JSON text', () => {
  it('decodes each call stored as JSON text, as verifiers writes them', () => {
    const turn = messageToTurn(
      { role: 'assistant', content: '', tool_calls: [JSON.stringify(call)] },
      'completion[0]',
    );
    expect(turn.tool_calls).toEqual([{ id: 'c1', name: 'add', arguments: '{"a":1,"b":2}' }]);
    expect(turn.is_action).toBe(true);
    expect([turn.error, turn.metadata]).toEqual([undefined, undefined]);
  });

  it('decodes a whole list stored as JSON text', () => {
    const turn = messageToTurn(
      { role: 'assistant', tool_calls: JSON.stringify([call, call]) },
      'messages[1]',
    );
    expect(turn.tool_calls.map((c) => c.name)).toEqual(['add', 'add']);
  });

  it('keeps a call that is not JSON as raw text, says so, and keeps the others', () => {
    const turn = messageToTurn(
      { role: 'assistant', content: 'x', tool_calls: [JSON.stringify(call), '{"name": "add", '] },
      'messages[2]',
    );
    expect(turn.tool_calls).toHaveLength(1);
    expect(turn.is_action).toBe(true);
    expect(turn.metadata).toEqual({ raw_tool_calls: [{ index: 1, text: '{"name": "add", ' }] });
    expect(turn.error).toEqual({
      kind: 'parsing',
      message:
        'messages[2].tool_calls[1]: not a JSON tool call; the text is kept in metadata.raw_tool_calls',
      exit_code: null,
    });
  });

  it('keeps JSON text that is not an object, and a whole list that is not JSON', () => {
    const scalar = messageToTurn({ role: 'assistant', tool_calls: ['"add"'] }, 'm');
    expect(scalar.metadata).toEqual({ raw_tool_calls: [{ index: 0, text: '"add"' }] });
    const whole = messageToTurn({ role: 'assistant', tool_calls: 'add(1, 2)' }, 'm');
    expect(whole.tool_calls).toEqual([]);
    expect(whole.metadata).toEqual({ raw_tool_calls: [{ index: null, text: 'add(1, 2)' }] });
    expect(whole.error?.message).toMatch(/^m\.tool_calls: not a JSON tool call/);
  });

  it('still refuses a decoded call without a name, and a tool_calls that is no list', () => {
    expect(() =>
      messageToTurn({ role: 'assistant', tool_calls: ['{"arguments": "{}"}'] }, 'm'),
    ).toThrow(new RecordError('m.tool_calls[0].function.name: expected a non-empty string'));
    expect(() => messageToTurn({ role: 'assistant', tool_calls: 3 }, 'm')).toThrow(
      'm.tool_calls: expected a list',
    );
  });
});
