import { describe, expect, it } from 'vitest';
import { withoutUndefined } from './without-undefined';

describe('withoutUndefined', () => {
  it('leaves out unset fields and keeps every other value, null and false included', () => {
    const out = withoutUndefined({ a: 1, b: undefined, c: null, d: false, e: '' });
    expect(out).toEqual({ a: 1, c: null, d: false, e: '' });
    expect('b' in out).toBe(false);
  });
});
