// ms-swift turn weights: the shared transform of each assistant turn's credit, on its text and
// tool_call messages alike; turns without credit carry no loss fields.
import { describe, expect, it } from 'vitest';
import { WeightingSchema } from '../../../shared/api-export';
import type { ChatMessage } from '../chat-messages';
import { swiftMessages } from './ms-swift';

const messages: ChatMessage[] = [
  { role: 'user', content: 'q' },
  {
    role: 'assistant',
    content: 'look',
    tool_calls: [{ type: 'function', function: { name: 'f', arguments: { a: 1 } } }],
  },
  { role: 'tool', name: 'f', content: 'r' },
  { role: 'assistant', content: 'done' },
  { role: 'assistant', content: 'more' },
];

describe('ms-swift loss_scale', () => {
  it('defaults to 1 + x clipped to [0, 2], with loss = loss_scale > 0', () => {
    const out = swiftMessages(messages, [null, 0.25, null, -1.5, null], WeightingSchema.parse({}));
    expect(out).toEqual([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'look', loss: true, loss_scale: 1.25 },
      {
        role: 'tool_call',
        content: '{"name":"f","arguments":{"a":1}}',
        loss: true,
        loss_scale: 1.25,
      },
      { role: 'tool_response', content: 'r' },
      { role: 'assistant', content: 'done', loss: false, loss_scale: 0 },
      { role: 'assistant', content: 'more' },
    ]);
  });

  it('follows the configured transform', () => {
    const weighting = WeightingSchema.parse({ transform: 'exp', scale: 2, min: 0.5, max: 3 });
    const out = swiftMessages(messages, [null, 0.5, null, -2, 1], weighting);
    expect(out.map((m) => m.loss_scale)).toEqual([
      undefined,
      Math.round(Math.E * 1e6) / 1e6,
      Math.round(Math.E * 1e6) / 1e6,
      undefined,
      0.5,
      3,
    ]);
  });
});
