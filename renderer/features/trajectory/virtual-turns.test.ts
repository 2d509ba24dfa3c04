import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../shared/model';
import { estimateTurnHeight, itemAt, itemOffsets, visibleRange } from './virtual-turns';

describe('itemOffsets', () => {
  it('uses measured heights where known and the estimate elsewhere', () => {
    const offsets = itemOffsets(4, new Map([[1, 50]]), () => 100);
    expect([...offsets]).toEqual([0, 100, 150, 250, 350]);
  });
});

describe('visibleRange', () => {
  const offsets = itemOffsets(10, new Map(), (i) => (i === 3 ? 500 : 100));
  // Items start at 0,100,200,300,800,900,...

  it('finds the item containing a position', () => {
    expect(itemAt(offsets, 0)).toBe(0);
    expect(itemAt(offsets, 99)).toBe(0);
    expect(itemAt(offsets, 100)).toBe(1);
    expect(itemAt(offsets, 799)).toBe(3);
    expect(itemAt(offsets, 10_000)).toBe(9);
    expect(itemAt(offsets, -5)).toBe(0);
  });

  it('covers the viewport plus the overscan, clamped to the items', () => {
    expect(visibleRange(offsets, 0, 250, 0)).toEqual({ first: 0, last: 3 });
    expect(visibleRange(offsets, 350, 850, 1)).toEqual({ first: 2, last: 6 });
    expect(visibleRange(offsets, 1000, 1400, 3)).toEqual({ first: 3, last: 10 });
    expect(
      visibleRange(
        itemOffsets(0, new Map(), () => 1),
        0,
        100,
        2,
      ),
    ).toEqual({
      first: 0,
      last: 0,
    });
  });

  it('keeps a 2,000-item list to a few dozen items in the DOM', () => {
    const many = itemOffsets(2000, new Map(), () => 120);
    const { first, last } = visibleRange(many, 120_000, 121_000, 6);
    expect(first).toBe(994);
    expect(last - first).toBeLessThan(30);
  });
});

describe('estimateTurnHeight', () => {
  const base: Turn = {
    turn_index: 0,
    role: 'assistant',
    content: 'short',
    content_length: 5,
    content_truncated: false,
    reasoning: null,
    tool_calls: [],
    tool_call_id: null,
    is_action: false,
    n_tokens: null,
    has_logprobs: false,
  };

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
