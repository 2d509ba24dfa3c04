import { describe, expect, it } from 'vitest';
import { plantedSecrets } from '../testing/planted-secrets';
import { findSecrets } from './secret-scanner';

const github = plantedSecrets().find((planted) => planted.kind === 'github-pat');

describe('values a task gives the agent', () => {
  it.each([
    'password="picoCTF{s3cr3t_p4ssw0rd_1234}"',
    "{'secret': 'HTB{Xk9fPq2LmZ7rT4vB}'}",
    'api_key: flag{a8F3kLq9Zx7PmB2nR5tV}',
  ])('does not take a CTF flag under a secret-named key for a secret: %s', (text) => {
    expect(findSecrets(text)).toEqual([]);
  });

  it('still finds a real credential inside a flag, and secrets beside one', () => {
    const text = `flag{${github?.secret ?? ''}} token=Xk9fPq2LmZ7rT4vB`;
    const found = findSecrets(text).map((finding) => text.slice(finding.start, finding.end));
    expect([...new Set(found)]).toEqual([github?.secret, 'Xk9fPq2LmZ7rT4vB']);
  });
});
