// The environment the engine process is sent: only what changed since the last request.
import { describe, expect, it } from 'vitest';
import { ForwardedEnvironment } from './engine-process-protocol';

describe('ForwardedEnvironment', () => {
  it('sends a variable set, changed or removed after the start once, and nothing else', () => {
    const env: Record<string, string | undefined> = { HOME: '/home/a', OLD_KEY: 'x' };
    const forwarded = new ForwardedEnvironment(env);
    expect(forwarded.change()).toBeNull();
    env.JUDGE_API_KEY = 'sk-later';
    env.HOME = '/home/b';
    delete env.OLD_KEY;
    expect(forwarded.change()).toEqual({
      type: 'env',
      set: { JUDGE_API_KEY: 'sk-later', HOME: '/home/b' },
      unset: ['OLD_KEY'],
    });
    expect(forwarded.change()).toBeNull();
    env.JUDGE_API_KEY = undefined;
    expect(forwarded.change()).toEqual({ type: 'env', set: {}, unset: ['JUDGE_API_KEY'] });
  });
});
