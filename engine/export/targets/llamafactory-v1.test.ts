// llamafactory-v1 message shaping: content items, one tool_call item per call, real-valued
// loss_weight from the shared transform on assistant turns and 0 on inputs; checked against the
// contract, which is checked to refuse the shapes v1 would misread.
import { describe, expect, it } from 'vitest';
import { WeightingSchema } from '../../../shared/api-export';
import { schemaErrors } from '../contracts/schema-check';
import { chatWithToolCalls, contract as contractOf } from '../../testing/export-test-workspace';
import { v1Messages } from './llamafactory-v1';

const contract = contractOf('llamafactory-v1');

const messages = chatWithToolCalls('', { f: { x: 1 }, g: {} }, [
  { role: 'assistant', content: 'done' },
]);

describe('llamafactory-v1', () => {
  it('writes content items and per-message loss weights from credit', () => {
    const out = v1Messages(messages, [null, null, 0.3, null, -0.25], WeightingSchema.parse({}));
    expect(out).toEqual([
      { role: 'system', content: [{ type: 'text', value: 'sys' }], loss_weight: 0 },
      { role: 'user', content: [{ type: 'text', value: 'q' }], loss_weight: 0 },
      {
        role: 'assistant',
        content: [
          { type: 'tool_call', value: '{"name":"f","arguments":{"x":1}}' },
          { type: 'tool_call', value: '{"name":"g","arguments":{}}' },
        ],
        loss_weight: 1.3,
      },
      { role: 'tool', content: [{ type: 'text', value: 'r' }], loss_weight: 0 },
      { role: 'assistant', content: [{ type: 'text', value: 'done' }], loss_weight: 0.75 },
    ]);
    expect(schemaErrors({ messages: out, tools: '[]' }, contract)).toEqual([]);
  });

  it('gives weight 1 to assistant turns without credit and follows the exp transform', () => {
    const weighting = WeightingSchema.parse({ transform: 'exp', scale: 1, min: 0.1, max: 4 });
    const out = v1Messages(messages, [null, null, Math.LN2, null, null], weighting);
    expect(out.map((m) => m.loss_weight)).toEqual([0, 0, 2, 0, 1]);
  });

  it('has a contract that refuses flat content, a weighted input, and a missing loss_weight', () => {
    const flat = { messages: [{ role: 'assistant', content: 'x', loss_weight: 1 }] };
    expect(schemaErrors(flat, contract)).not.toEqual([]);
    const weightedInput = {
      messages: [{ role: 'user', content: [{ type: 'text', value: 'q' }], loss_weight: 1 }],
    };
    expect(schemaErrors(weightedInput, contract)).not.toEqual([]);
    const unweighted = {
      messages: [{ role: 'assistant', content: [{ type: 'text', value: 'a' }] }],
    };
    expect(schemaErrors(unweighted, contract)).not.toEqual([]);
  });
});
