// The Score dialog's form and the startScoring request it makes; checked here so the dialog can
// say what is missing before anything is sent.
import type { ApiInput } from '../../../shared/api';
import { MAX_SCORING_CONCURRENCY, type ScoringRendering } from '../../../shared/api-scoring';
import type { ServerChoice } from '../../../shared/server-profiles';

export interface EndpointForm {
  baseUrl: string;
  /** Empty: the single model the server lists. */
  model: string;
  /** Empty: no API key. */
  apiKeyEnv: string;
  /** The kind of server; auto asks it. */
  server: ServerChoice;
}

export interface ScoringForm {
  policy: EndpointForm;
  ref: EndpointForm;
  datasetId: string;
  onlyMissing: boolean;
  concurrency: string;
  rendering: ScoringRendering;
}

export const EMPTY_ENDPOINT: EndpointForm = {
  baseUrl: '',
  model: '',
  apiKeyEnv: '',
  server: 'auto',
};

export function initialScoringForm(datasetId: string): ScoringForm {
  return {
    policy: EMPTY_ENDPOINT,
    ref: EMPTY_ENDPOINT,
    datasetId,
    onlyMissing: true,
    concurrency: '4',
    rendering: 'chat_template',
  };
}

type Endpoint = NonNullable<ApiInput<'startScoring'>['policy']>;
export type FormCheck =
  { ok: true; request: ApiInput<'startScoring'> } | { ok: false; problem: string };

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function endpointOf(form: EndpointForm, label: string): Endpoint | string | null {
  const baseUrl = form.baseUrl.trim();
  if (baseUrl === '') return null;
  if (!/^https?:\/\/[^\s/]+/.test(baseUrl))
    return `The ${label} URL must start with http:// or https://`;
  const apiKeyEnv = form.apiKeyEnv.trim();
  if (apiKeyEnv !== '' && !ENV_NAME.test(apiKeyEnv)) {
    return `The ${label} API key is named by an environment variable (letters, digits, _)`;
  }
  const model = form.model.trim();
  return {
    base_url: baseUrl,
    ...(model !== '' ? { model } : {}),
    ...(apiKeyEnv !== '' ? { api_key_env: apiKeyEnv } : {}),
    ...(form.server !== 'auto' ? { server: form.server } : {}),
  };
}

export function checkScoringForm(form: ScoringForm): FormCheck {
  const policy = endpointOf(form.policy, 'policy');
  if (typeof policy === 'string') return { ok: false, problem: policy };
  const ref = endpointOf(form.ref, 'reference');
  if (typeof ref === 'string') return { ok: false, problem: ref };
  if (policy === null && ref === null) {
    return { ok: false, problem: 'Give a policy endpoint, a reference endpoint or both' };
  }
  const concurrency = Number(form.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > MAX_SCORING_CONCURRENCY) {
    return {
      ok: false,
      problem: `Concurrency is a whole number from 1 to ${MAX_SCORING_CONCURRENCY}`,
    };
  }
  return {
    ok: true,
    request: {
      ...(policy !== null ? { policy } : {}),
      ...(ref !== null ? { ref } : {}),
      ...(form.datasetId !== '' ? { dataset_id: form.datasetId } : {}),
      only_missing: form.onlyMissing,
      concurrency,
      rendering: form.rendering,
    },
  };
}
