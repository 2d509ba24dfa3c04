import { describe, expect, it } from 'vitest';
import { tokenList } from './token-lists';

describe('tokenList', () => {
  it('keeps lists of ids and log-probs, and treats absence as null', () => {
    expect(tokenList([0, 151_643, 2 ** 31 - 1, -1], 'ids', 'ids')).toEqual([
      0,
      151_643,
      2 ** 31 - 1,
      -1,
    ]);
    expect(tokenList([-0.5, 0, -1e-300], 'lp', 'logprobs')).toEqual([-0.5, 0, -1e-300]);
    expect(tokenList(undefined, 'lp', 'logprobs')).toBeNull();
    expect(tokenList(null, 'ids', 'ids')).toBeNull();
  });

  it('names the first item a typed vector would store wrong', () => {
    expect(() => tokenList([1, 2 ** 31], 'm.token_ids', 'ids')).toThrow(
      'm.token_ids[1]: expected a 32-bit integer token id',
    );
    expect(() => tokenList([1, 2.5], 'm.token_ids', 'ids')).toThrow('m.token_ids[1]');
    expect(() => tokenList(['7'], 'm.token_ids', 'ids')).toThrow('m.token_ids[0]');
    expect(() => tokenList([-1, Number.NaN], 'm.logp', 'logprobs')).toThrow(
      'm.logp[1]: expected a finite number',
    );
    expect(() => tokenList({ 0: 1 }, 'm.logp', 'logprobs')).toThrow(
      'm.logp: expected a list of numbers',
    );
  });
});
