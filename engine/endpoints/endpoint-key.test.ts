import { describe, expect, it } from 'vitest';
import { TurnwiseError } from '../../shared/result';
import { checkKeyName, endpointKey, KEY_HOSTS_ENV, keyMayGoTo } from './endpoint-key';

function refusal(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(TurnwiseError);
    expect((error as TurnwiseError).code).toBe('invalid_input');
    return (error as TurnwiseError).message;
  }
  throw new Error('not refused');
}

describe('the key name rule', () => {
  it.each(['OPENAI_API_KEY', 'VLLM_API_KEY', 'AZURE_OPENAI_API_KEY', 'MY_JUDGE_KEY'])(
    'takes %s',
    (name) => expect(() => checkKeyName(name)).not.toThrow(),
  );

  it.each([
    ['AWS_SECRET_ACCESS_KEY', 'AWS_'],
    ['AWS_ACCESS_KEY', 'AWS_'],
    ['GITHUB_TOKEN', 'GITHUB_'],
    ['GH_TOKEN', 'GH_'],
    ['SSH_PRIVATE_KEY', 'SSH_'],
    ['STRIPE_SECRET_KEY', 'SECRET'],
    ['DB_PASSWORD_KEY', 'PASSWORD'],
    ['JWT_SIGNING_KEY', 'SIGNING'],
    ['aws_secret_access_key', 'AWS_'],
  ])('refuses %s, a credential of another kind', (name, because) => {
    expect(refusal(() => checkKeyName(name))).toContain(`names with ${because}`);
  });

  it.each(['HOME', 'PATH', 'DATABASE_URL', 'HF_TOKEN', 'KEY'])(
    'refuses %s, which is not named like a key',
    (name) => expect(refusal(() => checkKeyName(name))).toContain('ends in _API_KEY or _KEY'),
  );
});

describe('where a key may go', () => {
  it('goes to this machine whatever the key', () => {
    for (const url of [
      'http://localhost:8000/v1',
      'http://127.0.0.1:8000/v1',
      'http://127.1.2.3/v1',
      'http://[::1]:8000/v1',
    ]) {
      expect(keyMayGoTo('VLLM_API_KEY', url, {}), url).toBe(true);
    }
  });

  it("goes to its own provider's host over https only", () => {
    expect(keyMayGoTo('OPENAI_API_KEY', 'https://api.openai.com/v1', {})).toBe(true);
    expect(keyMayGoTo('OPENAI_API_KEY', 'http://api.openai.com/v1', {})).toBe(false);
    expect(keyMayGoTo('OPENAI_API_KEY', 'https://api.openai.com.evil.example/v1', {})).toBe(false);
    expect(keyMayGoTo('OPENAI_API_KEY', 'https://api.anthropic.com/v1', {})).toBe(false);
    expect(keyMayGoTo('AZURE_OPENAI_API_KEY', 'https://mine.openai.azure.com/openai', {})).toBe(
      true,
    );
    expect(keyMayGoTo('AZURE_OPENAI_API_KEY', 'https://openai.azure.com.evil.example', {})).toBe(
      false,
    );
  });

  it('goes to a host the user listed in the environment, and to no other', () => {
    const env = { [KEY_HOSTS_ENV]: 'gpu-box.lan, 10.0.0.7 [fd00::2]' };
    expect(keyMayGoTo('VLLM_API_KEY', 'http://gpu-box.lan:8000/v1', env)).toBe(true);
    expect(keyMayGoTo('VLLM_API_KEY', 'http://GPU-BOX.lan:8000/v1', env)).toBe(true);
    expect(keyMayGoTo('VLLM_API_KEY', 'http://10.0.0.7/v1', env)).toBe(true);
    expect(keyMayGoTo('VLLM_API_KEY', 'http://[fd00::2]:8000/v1', env)).toBe(true);
    expect(keyMayGoTo('VLLM_API_KEY', 'http://evil.example/v1', env)).toBe(false);
    expect(keyMayGoTo('VLLM_API_KEY', 'http://x.gpu-box.lan/v1', env)).toBe(false);
    expect(keyMayGoTo('VLLM_API_KEY', 'not a url', env)).toBe(false);
  });
});

describe('endpointKey', () => {
  const env = { VLLM_API_KEY: 'sk-vllm', GITHUB_TOKEN: 'ghp_x', EMPTY_KEY: '' };

  it('gives the key where the rule allows it, nothing when none is named or set', () => {
    expect(endpointKey('VLLM_API_KEY', 'http://127.0.0.1:8000/v1', env)).toBe('sk-vllm');
    expect(endpointKey(undefined, 'http://evil.example/v1', env)).toBeUndefined();
    expect(endpointKey('EMPTY_KEY', 'http://evil.example/v1', env)).toBeUndefined();
    expect(endpointKey('UNSET_API_KEY', 'http://evil.example/v1', env)).toBeUndefined();
  });

  it('refuses another host, naming the way to allow it and not the key', () => {
    const message = refusal(() => endpointKey('VLLM_API_KEY', 'https://evil.example:9/v1', env));
    expect(message).toContain('VLLM_API_KEY is not sent to evil.example:9');
    expect(message).toContain(KEY_HOSTS_ENV);
    expect(message).not.toContain('sk-vllm');
  });

  it('refuses a credential name even on this machine, set or not', () => {
    expect(refusal(() => endpointKey('GITHUB_TOKEN', 'http://127.0.0.1/v1', env))).toContain(
      'GITHUB_',
    );
    expect(
      refusal(() => endpointKey('AWS_SECRET_ACCESS_KEY', 'http://127.0.0.1/v1', {})),
    ).toContain('AWS_');
  });
});
