// The Score dialog's form: what it sends, and what it refuses before sending anything.
import { describe, expect, it } from 'vitest';
import { checkScoringForm, initialScoringForm, type ScoringForm } from './scoring-form';

function form(patch: Partial<ScoringForm>): ScoringForm {
  return { ...initialScoringForm('demo'), ...patch };
}

describe('checkScoringForm', () => {
  it('asks for at least one endpoint', () => {
    expect(checkScoringForm(form({}))).toEqual({
      ok: false,
      problem: 'Give a policy endpoint, a reference endpoint or both',
    });
  });

  it('sends only the fields given, trimmed, for the dataset and mode chosen', () => {
    const check = checkScoringForm(
      form({
        policy: {
          baseUrl: ' http://127.0.0.1:8000/v1 ',
          model: '',
          apiKeyEnv: 'VLLM_KEY',
          server: 'sglang',
        },
        ref: {
          baseUrl: 'http://gpu:8001',
          model: 'base-7b',
          apiKeyEnv: '',
          server: 'auto' as const,
        },
        onlyMissing: false,
        concurrency: '8',
        rendering: 'chatml',
      }),
    );
    expect(check).toEqual({
      ok: true,
      request: {
        policy: { base_url: 'http://127.0.0.1:8000/v1', api_key_env: 'VLLM_KEY', server: 'sglang' },
        ref: { base_url: 'http://gpu:8001', model: 'base-7b' },
        dataset_id: 'demo',
        only_missing: false,
        concurrency: 8,
        rendering: 'chatml',
      },
    });
    const all = checkScoringForm(
      form({
        datasetId: '',
        ref: { baseUrl: 'http://h', model: '', apiKeyEnv: '', server: 'auto' as const },
      }),
    );
    expect(all.ok && all.request).toEqual({
      ref: { base_url: 'http://h' },
      only_missing: true,
      concurrency: 4,
      rendering: 'chat_template',
    });
  });

  it('refuses a URL that is not http(s), a key that is not an env var name, a bad concurrency', () => {
    const endpoint = (baseUrl: string, apiKeyEnv = '') => ({
      baseUrl,
      model: '',
      apiKeyEnv,
      server: 'auto' as const,
    });
    expect(checkScoringForm(form({ policy: endpoint('127.0.0.1:8000') }))).toMatchObject({
      ok: false,
      problem: 'The policy URL must start with http:// or https://',
    });
    expect(checkScoringForm(form({ ref: endpoint('http://h', 'sk-123') }))).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/reference API key is named by an environment variable/),
    });
    expect(
      checkScoringForm(form({ policy: endpoint('http://h'), concurrency: '0' })),
    ).toMatchObject({
      ok: false,
      problem: 'Concurrency is a whole number from 1 to 64',
    });
  });
});
