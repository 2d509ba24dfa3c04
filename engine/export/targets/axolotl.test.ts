// axolotl message shaping: binary train flags at the threshold on assistant turns, false on
// inputs, tool-call arguments and tool parameters as JSON text; the contract and the config
// snippet that reads the flags.
import { describe, expect, it } from 'vitest';
import { WeightingSchema } from '../../../shared/api-export';
import type { LoadedTrajectory } from '../chat-messages';
import { schemaErrors } from '../contracts/schema-check';
import { chatWithToolCalls, contract as contractOf } from '../../testing/export-test-workspace';
import type { ExportContext } from './export-target';
import { AXOLOTL, axolotlMessages, CONFIG_FILE } from './axolotl';

const contract = contractOf('axolotl');

const messages = chatWithToolCalls('look', { f: { x: [1, 2] } }, [
  { role: 'assistant', content: 'a' },
  { role: 'assistant', content: 'b' },
]);

describe('axolotl', () => {
  it('flags assistant turns whose credit reaches the threshold, and never inputs', () => {
    const weighting = WeightingSchema.parse({ train_threshold: 0.1 });
    const out = axolotlMessages(messages, [null, 5, 0.1, null, 0.09, null], weighting);
    expect(out.map((m) => m.train)).toEqual([false, false, true, false, false, true]);
    expect(out[2]).toEqual({
      role: 'assistant',
      content: 'look',
      tool_calls: [{ type: 'function', function: { name: 'f', arguments: '{"x":[1,2]}' } }],
      train: true,
    });
  });

  it('builds records that meet the contract, with tool parameters as JSON text', () => {
    const trajectory = {
      trajectory_id: 't',
      messages,
      message_credit: [null, null, -1, null, 0, 2],
      tool_schemas: [
        {
          type: 'function',
          function: {
            name: 'f',
            description: 'd',
            parameters: { type: 'object', required: ['x'] },
          },
        },
      ],
    } as unknown as LoadedTrajectory;
    const context = { selection: { weighting: WeightingSchema.parse({}) } } as ExportContext;
    const built = AXOLOTL.build([trajectory], context);
    if (!('record' in built)) throw new Error('skipped');
    expect(schemaErrors(built.record, contract)).toEqual([]);
    const record = built.record as { messages: { train: boolean }[]; tools: unknown[] };
    expect(record.messages.map((m) => m.train)).toEqual([false, false, false, false, true, true]);
    expect(record.tools).toEqual([
      {
        type: 'function',
        function: { name: 'f', description: 'd', parameters: '{"type":"object","required":["x"]}' },
      },
    ]);
  });

  it('has a contract that refuses a missing flag, a trained input and object arguments', () => {
    const base = { role: 'assistant', content: 'x', train: true };
    expect(
      schemaErrors({ messages: [{ role: 'assistant', content: 'x' }], tools: [] }, contract),
    ).not.toEqual([]);
    expect(
      schemaErrors(
        { messages: [{ role: 'user', content: 'x', train: true }], tools: [] },
        contract,
      ),
    ).not.toEqual([]);
    const call = { type: 'function', function: { name: 'f', arguments: { x: 1 } } };
    expect(
      schemaErrors({ messages: [{ ...base, tool_calls: [call] }], tools: [] }, contract),
    ).not.toEqual([]);
  });

  it('writes the dataset config that reads the train flags', () => {
    const context = { selection: { weighting: WeightingSchema.parse({}) } } as ExportContext;
    const [config] = AXOLOTL.extraFiles?.(context) ?? [];
    expect(config?.path).toBe(CONFIG_FILE);
    for (const line of [
      '  - path: train.jsonl',
      '    type: chat_template',
      '    field_messages: messages',
      '    message_field_training: train',
      '    roles_to_train: ["assistant"]',
    ]) {
      expect(config?.content.split('\n')).toContain(line);
    }
  });
});
