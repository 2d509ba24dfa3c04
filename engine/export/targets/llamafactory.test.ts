// llamafactory turn shaping: system to its own field, one side's consecutive messages merged,
// parallel calls as a list, trailing input turns cut, leading model turns left out and counted.
import { describe, expect, it } from 'vitest';
import { ExportSelectionSchema } from '../../../shared/api-export';
import type { ChatMessage, LoadedTrajectory } from '../chat-messages';
import type { ExportContext } from './export-target';
import { LEADING_MODEL_TURN_LEFT_OUT, LLAMAFACTORY, shareGptTurns } from './llamafactory';

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

  it("leaves out a greeting before the user's first turn and says so", () => {
    const trajectory = {
      trajectory_id: 't',
      messages: [
        { role: 'system', content: 'policy' },
        { role: 'assistant', content: 'Hi! How can I help you today?' },
        { role: 'user', content: 'q' },
        { role: 'assistant', content: 'a' },
      ],
      tool_schemas: [],
    } as unknown as LoadedTrajectory;
    const context = {
      selection: ExportSelectionSchema.parse({ target: 'llamafactory' }),
    } as ExportContext;
    expect(LLAMAFACTORY.build([trajectory], context)).toEqual({
      record: {
        conversations: [
          { from: 'human', value: 'q' },
          { from: 'gpt', value: 'a' },
        ],
        system: 'policy',
        tools: '[]',
      },
      left_out: [LEADING_MODEL_TURN_LEFT_OUT],
    });
  });
});
