import { describe, expect, it } from 'vitest';
import type { Turn } from '../../shared/model';
import { estimateTurnHeight } from './turn-height';
import { makeTurn } from '../test/turn';

describe('estimateTurnHeight', () => {
  const base: Turn = makeTurn({ role: 'assistant', content: 'short' });

  it('grows with the text and caps observations at their scroll box', () => {
    const long = 'x'.repeat(10_000);
    expect(estimateTurnHeight({ ...base, content: long })).toBeGreaterThan(
      estimateTurnHeight(base),
    );
    const observation = estimateTurnHeight({ ...base, role: 'tool', content: long });
    expect(observation).toBeLessThanOrEqual(48 + 640);
    const withCall = estimateTurnHeight({
      ...base,
      tool_calls: [{ id: 'c', name: 'f', arguments: '{"a":1,"b":2}' }],
    });
    expect(withCall).toBeGreaterThan(estimateTurnHeight(base));
  });
});
