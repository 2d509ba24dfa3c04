// llamafactory turn shaping: system to its own field, one side's consecutive messages merged,
// parallel calls as a list, trailing input turns cut.
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../chat-messages';
import { shareGptTurns } from './llamafactory';

const call = (name: string, args: Record<string, unknown>) => ({
  type: 'function' as const,
  function: { name, arguments: args },
});

describe('llamafactory', () => {
  it('merges one side, lists parallel calls, and cuts a trailing observation', () => {
    const messages: ChatMessage[] = [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'a' },
      { role: 'user', content: 'b' },
      { role: 'assistant', content: 'thinking', tool_calls: [call('f', { x: 1 }), call('g', {})] },
      { role: 'tool', name: 'f', content: 'r1' },
      { role: 'tool', name: 'g', content: 'r2' },
      { role: 'assistant', content: 'done' },
      { role: 'tool', content: 'late' },
    ];
    expect(shareGptTurns(messages)).toEqual({
      system: 'sys',
      conversations: [
        { from: 'human', value: 'a\n\nb' },
        {
          from: 'function_call',
          value: JSON.stringify([
            { name: 'f', arguments: { x: 1 } },
            { name: 'g', arguments: {} },
          ]),
        },
        { from: 'observation', value: 'r1\n\nr2' },
        { from: 'gpt', value: 'done' },
      ],
    });
  });

  it('writes a single call as one object and an empty system when there is none', () => {
    const turns = shareGptTurns([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: '', tool_calls: [call('f', { y: 'z' })] },
    ]);
    expect(turns.system).toBe('');
    expect(turns.conversations[1]).toEqual({
      from: 'function_call',
      value: '{"name":"f","arguments":{"y":"z"}}',
    });
  });
});
