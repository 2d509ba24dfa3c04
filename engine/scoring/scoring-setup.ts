// Before a scoring job scores anything: each endpoint's model and kind of server, the check that
// policy and reference tokenize alike, and a probe that the server can do what the rendering asks
// of it. What fails here fails the job at once with one message, instead of every trajectory.
import type { ScoringEndpoint, ScoringRendering } from '../../shared/api-scoring';
import { TurnwiseError } from '../../shared/result';
import { SCORING_SERVERS, SERVER_LABELS } from '../../shared/server-profiles';
import { endpointKey, type Env } from '../endpoints/endpoint-key';
import { resolveServer } from '../endpoints/server-profile';
import type { Tokenizer } from './chat-rendering';
import { EndpointError, ScoringClient, type ClientOptions } from './scoring-client';
import type { Side, SideEndpoint } from './score-trajectory';

// Words, digits, punctuation, JSON and a chat marker: where two tokenizers differ, this does.
const TOKENIZER_PROBE =
  'Turnwise tokenizer check: The quick brown fox jumps over 13 lazy dogs. {"path": "src/app.py", "n": [1, 2.5]}\n<|im_start|>user\n¿Qué? 日本語 🙂';

/**
 * The API key an endpoint names by environment variable (the key itself is never stored), if the
 * endpoint key rule lets it go to that endpoint (endpoints/endpoint-key.ts).
 */
export function apiKeyFor(
  endpoint: { api_key_env?: string; base_url: string },
  side: string,
  env: Env = process.env,
): string | undefined {
  if (endpoint.api_key_env === undefined) return undefined;
  const key = endpointKey(endpoint.api_key_env, endpoint.base_url, env);
  if (key === undefined) {
    throw new TurnwiseError(
      'invalid_input',
      `${side} endpoint: environment variable ${endpoint.api_key_env} is not set`,
    );
  }
  return key;
}

/** An endpoint's failure during setup, as a typed error (a wrong URL, model or key is bad input). */
export function endpointFailure(error: unknown): unknown {
  if (!(error instanceof EndpointError)) return error;
  const status = error.status;
  return new TurnwiseError(
    status !== null && status >= 400 && status < 500 ? 'invalid_input' : 'io',
    error.message,
  );
}

function pickModel(
  client: ScoringClient,
  models: { id: string; max_model_len: number | null }[],
  requested: string | undefined,
  side: Side,
) {
  const listed = models.map((m) => m.id).join(', ') || 'none';
  const card =
    requested === undefined
      ? models.length === 1
        ? models[0]
        : undefined
      : models.find((m) => m.id === requested);
  if (card) return card;
  const flag = side === 'policy' ? 'policy model' : 'reference model';
  throw new TurnwiseError(
    'invalid_input',
    requested === undefined
      ? `${client.baseUrl} serves ${models.length} models (${listed}); name the ${flag}`
      : `${client.baseUrl} does not serve model '${requested}' (it serves ${listed})`,
  );
}

/** One side's client, model and kind of server; servers without prompt log-probs are refused. */
export async function connectSide(
  side: Side,
  endpoint: ScoringEndpoint,
  options: ClientOptions,
): Promise<SideEndpoint & { maxModelLen: number | null }> {
  const label = side === 'policy' ? 'policy' : 'reference';
  const client = new ScoringClient(endpoint.base_url, apiKeyFor(endpoint, label), options);
  const listing = await client.listModels();
  const { profile } = resolveServer(endpoint.server, { url: client.baseUrl, ...listing });
  if (!SCORING_SERVERS.includes(profile)) {
    throw new TurnwiseError(
      'invalid_input',
      `the ${label} endpoint is ${SERVER_LABELS[profile]}, which returns no log-probs of a ` +
        "prompt's own tokens; scoring needs a vLLM or SGLang server (set the server kind if " +
        `${client.baseUrl} is one)`,
    );
  }
  client.server = profile;
  const card = pickModel(client, listing.models, endpoint.model, side);
  return { side, client, model: card.id, maxModelLen: card.max_model_len };
}

/** Refuses a policy and reference whose tokenizers differ: their log-probs cannot be paired. */
export async function checkSameTokenizer(sides: SideEndpoint[]): Promise<void> {
  if (sides.length < 2) return;
  const [a, b] = await Promise.all(
    sides.map((s) => s.client.tokenizeText(s.model, TOKENIZER_PROBE, false)),
  );
  if (JSON.stringify(a?.tokens) !== JSON.stringify(b?.tokens)) {
    throw new TurnwiseError(
      'invalid_input',
      `the policy (${sides[0]?.model}) and reference (${sides[1]?.model}) tokenizers differ; ` +
        'log-probs of different token sequences cannot be paired',
    );
  }
}

/** The tokenizer every side shares, after a probe that the server does what the rendering needs. */
export async function sharedTokenizer(
  main: SideEndpoint,
  rendering: ScoringRendering,
): Promise<Tokenizer> {
  const { client, model } = main;
  const tokenizer: Tokenizer = {
    text: (prompt, special) => client.tokenizeText(model, prompt, special),
    chat: (messages, generation, tools) => client.tokenizeChat(model, messages, generation, tools),
    detokenize: (tokens) => client.detokenize(model, tokens),
  };
  if (rendering !== 'chat_template') return tokenizer;
  const probe = [
    { role: 'user', content: 'Turnwise template check' },
    { role: 'assistant', content: 'ok' },
  ];
  try {
    const { tokens } = await tokenizer.chat(probe, false, null);
    await tokenizer.detokenize(tokens);
  } catch (error) {
    if (!(error instanceof EndpointError && error.requestSpecific)) throw error;
    throw new TurnwiseError(
      'invalid_input',
      `${client.baseUrl} (${SERVER_LABELS[client.server]}) cannot apply the model's chat template ` +
        `to a conversation (${error.message}); SGLang before its 2026-04 releases cannot. ` +
        "Use the chatml rendering (Turnwise's own ChatML text) or a newer server.",
    );
  }
  return tokenizer;
}
