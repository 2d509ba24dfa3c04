import { describe, expect, it } from 'vitest';
import { isAzureUrl, profileFromEvidence, resolveServer } from './server-profile';

const evidence = (
  ownedBy: string[],
  headers: Record<string, string> = {},
  url = 'http://h:8000',
) => ({
  url,
  ownedBy,
  headers: new Headers(headers),
});

describe('server profiles', () => {
  it('reads the kind of server from model cards, headers and Azure host names', () => {
    expect(profileFromEvidence(evidence(['vllm']))).toBe('vllm');
    expect(profileFromEvidence(evidence(['sglang']))).toBe('sglang');
    expect(profileFromEvidence(evidence(['library']))).toBe('ollama');
    expect(profileFromEvidence(evidence(['system', 'openai-internal']))).toBe('openai');
    expect(profileFromEvidence(evidence([], { 'openai-organization': 'org-1' }))).toBe('openai');
    expect(profileFromEvidence(evidence([], { 'apim-request-id': 'x' }))).toBe('azure');
    const azure =
      'https://res.openai.azure.com/openai/deployments/gpt/chat/completions?api-version=2024-10-21';
    expect(isAzureUrl(azure)).toBe(true);
    expect(profileFromEvidence(evidence(['system'], {}, azure))).toBe('azure');
    expect(profileFromEvidence(evidence(['someone']))).toBeNull();
  });

  it('uses the kind set, else the one detected, else assumes vLLM', () => {
    expect(resolveServer('sglang', evidence(['vllm']))).toEqual({ profile: 'sglang', how: 'set' });
    expect(resolveServer('auto', evidence(['sglang']))).toEqual({
      profile: 'sglang',
      how: 'detected',
    });
    expect(resolveServer(undefined, evidence([]))).toEqual({ profile: 'vllm', how: 'assumed' });
  });
});
