// What the chat test server does differently per kind of server, each from its source:
// - model cards' owned_by: vLLM "vllm", SGLang "sglang" (their ModelCard classes), OpenAI
//   "system" (platform.openai.com/docs/api-reference/models), Ollama the namespace, "library" by
//   default (ollama openai/openai.go);
// - headers: OpenAI's openai-organization / openai-version / x-request-id; Azure's
//   apim-request-id / x-ms-region (learn.microsoft.com, Azure OpenAI REST reference);
// - Azure's paths (/openai/deployments/{name}/chat/completions?api-version=…, /openai/v1/…) and
//   its api-key header, with its 401 body {error: {code: "401", message}};
// - error bodies: nested {error: {message, type, param, code}}, SGLang's flat {object: "error", …};
// - refusals, as 400s: numeric bounds in a strict schema (OpenAI: "'minimum' is not permitted",
//   code invalid_json_schema; vLLM before 0.8.5 with xgrammar: "The provided JSON schema contains
//   features not supported by xgrammar.", PR #16725), temperature on OpenAI's reasoning models
//   ("Unsupported value: 'temperature' does not support 0 with this model. Only the default (1)
//   value is supported.", code unsupported_value), and OpenAI's 429 insufficient_quota body.
// - Ollama cuts a prompt longer than num_ctx to fit, silently, and reports the cut count as
//   prompt_tokens (runner "truncating input prompt"; the OpenAI API cannot set num_ctx).
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { ServerProfile } from '../../../shared/server-profiles';

export interface ChatServerBehaviour {
  profile?: ServerProfile;
  refusesSchemaBounds?: boolean;
  refusesTemperature?: boolean;
  /** Ollama's context length in toy tokens (4 characters each); 4096 by default. */
  numCtx?: number;
}

export const INSUFFICIENT_QUOTA_BODY = {
  error: {
    message:
      'You exceeded your current quota, please check your plan and billing details. For more ' +
      'information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
    type: 'insufficient_quota',
    param: null,
    code: 'insufficient_quota',
  },
};

const OWNER: Record<ServerProfile, string> = {
  vllm: 'vllm',
  sglang: 'sglang',
  openai: 'system',
  azure: 'system',
  ollama: 'library',
};

export type Route = 'chat' | 'models' | null;

export function routeOf(profile: ServerProfile, method: string, url: URL): Route {
  const path = url.pathname;
  if (profile === 'azure') {
    if (method === 'POST' && /^\/openai\/deployments\/[^/]+\/chat\/completions$/.test(path))
      return url.searchParams.has('api-version') ? 'chat' : null;
    if (method === 'POST' && path === '/openai/v1/chat/completions') return 'chat';
    return method === 'GET' && path === '/openai/v1/models' ? 'models' : null;
  }
  if (method === 'POST' && path === '/v1/chat/completions') return 'chat';
  return method === 'GET' && path === '/v1/models' ? 'models' : null;
}

export function authorized(
  profile: ServerProfile,
  headers: IncomingHttpHeaders,
  apiKey: string | undefined,
): boolean {
  if (apiKey === undefined) return true;
  // Azure takes a key only in api-key (a bearer token there is an Entra ID token, not a key).
  if (profile === 'azure') return headers['api-key'] === apiKey;
  return headers.authorization === `Bearer ${apiKey}`;
}

export function responseHeaders(profile: ServerProfile): Record<string, string> {
  if (profile === 'openai')
    return {
      'openai-organization': 'org-test',
      'openai-version': '2020-10-01',
      'openai-processing-ms': '12',
      'x-request-id': `req_${randomUUID().replace(/-/g, '')}`,
    };
  if (profile === 'azure')
    return {
      'apim-request-id': randomUUID(),
      'x-ms-region': 'East US',
      'x-request-id': randomUUID(),
    };
  return {};
}

export function modelsBody(profile: ServerProfile, model: string) {
  return {
    object: 'list',
    data: [{ id: model, object: 'model', created: 0, owned_by: OWNER[profile] }],
  };
}

export function errorBody(profile: ServerProfile, status: number, message: string): unknown {
  if (profile === 'sglang')
    return { object: 'error', message, type: 'BadRequestError', param: null, code: status };
  if (profile === 'azure' && status === 401)
    return {
      error: {
        code: '401',
        message:
          'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
      },
    };
  return { error: { message, type: 'invalid_request_error', param: null, code: null } };
}

function hasBounds(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  if ('minimum' in schema || 'maximum' in schema) return true;
  return Object.values(schema).some(hasBounds);
}

/** OpenAI's 400 for a request it refuses, naming the field. */
function invalidRequest(message: string, param: string, code: string) {
  return {
    status: 400,
    body: { error: { message, type: 'invalid_request_error', param, code } },
  };
}

/** The 400 a server answers a request it refuses, or null. */
export function refusal(
  behaviour: ChatServerBehaviour,
  body: {
    temperature?: unknown;
    response_format?: { json_schema?: { name?: unknown; schema?: unknown } };
  },
): { status: number; body: unknown } | null {
  const profile = behaviour.profile ?? 'vllm';
  const format = body.response_format?.json_schema;
  if (behaviour.refusesSchemaBounds && hasBounds(format?.schema)) {
    if (profile === 'vllm')
      return {
        status: 400,
        body: {
          object: 'error',
          message: 'The provided JSON schema contains features not supported by xgrammar.',
          type: 'BadRequestError',
          param: null,
          code: 400,
        },
      };
    const message = `Invalid schema for response_format '${String(format?.name)}': In context=('properties', 'confidence'), 'minimum' is not permitted.`;
    return invalidRequest(message, 'response_format', 'invalid_json_schema');
  }
  if (behaviour.refusesTemperature && body.temperature !== undefined && body.temperature !== 1) {
    const message = `Unsupported value: 'temperature' does not support ${String(body.temperature)} with this model. Only the default (1) value is supported.`;
    return invalidRequest(message, 'temperature', 'unsupported_value');
  }
  return null;
}

/** Ollama's cut: the prompt's head that fits num_ctx toy tokens, and the tokens it counts. */
export function ollamaCut(
  behaviour: ChatServerBehaviour,
  text: string,
): { text: string; tokens: number } | null {
  if (behaviour.profile !== 'ollama') return null;
  const limit = behaviour.numCtx ?? 4096;
  if (Math.ceil(text.length / 4) <= limit) return null;
  return { text: text.slice(0, limit * 4), tokens: limit };
}
