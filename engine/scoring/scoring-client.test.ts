// The vLLM client against a local server implementing vLLM's completions API (no model endpoint
// is reachable from the test machines).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnwiseError } from '../../shared/result';
import {
  startVllmCompletionsServer,
  toyLogprob,
  toyTokenId,
  toyTokenize,
  type ToyServer,
} from '../testing/servers/vllm-completions-server';
import { closedPortUrl } from '../testing/servers/closed-port';
import {
  EndpointError,
  normalizeBaseUrl,
  ScoringClient,
  type ClientOptions,
} from './scoring-client';

let server: ToyServer;
let echoServer: ToyServer;
let keyed: ToyServer;

beforeAll(async () => {
  server = await startVllmCompletionsServer({ model: 'toy-policy', maxModelLen: 64 });
  echoServer = await startVllmCompletionsServer({ model: 'toy-echo', echoOnly: true });
  keyed = await startVllmCompletionsServer({ model: 'toy-keyed', apiKey: 'sekret' });
});
afterAll(async () => {
  await Promise.all([server.close(), echoServer.close(), keyed.close()]);
});

function client(url: string, options: Partial<ClientOptions> = {}, apiKey?: string) {
  const counts = { requests: 0, retries: 0 };
  const made = new ScoringClient(url, apiKey, {
    timeoutMs: 5000,
    maxRetries: 3,
    retryBaseMs: 1,
    signal: new AbortController().signal,
    onRequest: () => (counts.requests += 1),
    onRetry: () => (counts.retries += 1),
    ...options,
  });
  return { client: made, counts };
}

describe('ScoringClient', () => {
  it('accepts the base URL with or without /v1', () => {
    expect(normalizeBaseUrl('http://h:8000/v1/')).toBe('http://h:8000');
    expect(normalizeBaseUrl('http://h:8000')).toBe('http://h:8000');
  });

  it('lists the served model with its context length', async () => {
    const { client: c } = client(`${server.url}/v1`);
    const listing = await c.listModels();
    expect(listing.models).toEqual([{ id: 'toy-policy', max_model_len: 64 }]);
    expect(listing.ownedBy).toEqual(['vllm']);
  });

  it('tokenizes text and chat messages on the server', async () => {
    const { client: c } = client(server.url);
    // "Hello world" is two toy pieces; special tokens put a BOS first.
    const hello = [toyTokenId('Hello'), toyTokenId(' world')];
    expect(await c.tokenizeText('toy-policy', 'Hello world', true)).toEqual({
      tokens: [1, ...hello],
      maxModelLen: 64,
    });
    expect((await c.tokenizeText('toy-policy', 'Hello world', false)).tokens).toEqual(hello);
    const chat = await c.tokenizeChat('toy-policy', [{ role: 'user', content: 'Hi' }], true, null);
    expect(chat.tokens).toEqual(
      toyTokenize('<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n'),
    );
  });

  it('reads one log-prob per prompt token (prompt_logprobs 0, max_tokens 1)', async () => {
    const { client: c } = client(server.url);
    const ids = [1, 500, 600, 700];
    expect(await c.promptLogprobs('toy-policy', ids)).toEqual([
      null,
      toyLogprob('toy-policy', 1, 500),
      toyLogprob('toy-policy', 500, 600),
      toyLogprob('toy-policy', 600, 700),
    ]);
    const sent = server.requests.at(-1)?.body;
    expect(sent).toMatchObject({ prompt: ids, max_tokens: 1, prompt_logprobs: 0 });
  });

  it('falls back to echo + logprobs where the server has no prompt_logprobs, once', async () => {
    const { client: c, counts } = client(echoServer.url);
    const expected = [null, toyLogprob('toy-echo', 1, 9), toyLogprob('toy-echo', 9, 8)];
    expect(await c.promptLogprobs('toy-echo', [1, 9, 8])).toEqual(expected);
    expect(counts.requests).toBe(2);
    expect(await c.promptLogprobs('toy-echo', [1, 9, 8])).toEqual(expected);
    expect(counts.requests).toBe(3);
    expect(echoServer.requests.at(-1)?.body).toMatchObject({ echo: true, logprobs: 1 });
  });

  it('retries 429 and 5xx with backoff, then answers', async () => {
    const { client: c, counts } = client(server.url);
    server.failNext = [503, 429, 500];
    expect(await c.promptLogprobs('toy-policy', [1, 2])).toHaveLength(2);
    expect(counts).toEqual({ requests: 4, retries: 3 });
  });

  it('gives up after max_retries with the server message', async () => {
    const { client: c } = client(server.url, { maxRetries: 1 });
    server.failNext = [502, 502, 502];
    const error = await c.promptLogprobs('toy-policy', [1, 2]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EndpointError);
    expect((error as EndpointError).status).toBe(502);
    expect((error as EndpointError).message).toMatch(/HTTP 502: injected failure 502/);
    server.failNext = [];
  });

  it('does not retry a refused request, and tells it apart from a broken endpoint', async () => {
    const { client: c, counts } = client(server.url);
    const tooLong = Array.from({ length: 64 }, (_, i) => i + 100);
    const error = (await c
      .promptLogprobs('toy-policy', tooLong)
      .catch((e: unknown) => e)) as EndpointError;
    expect(error.status).toBe(400);
    expect(error.requestSpecific).toBe(true);
    expect(error.message).toMatch(/maximum context length is 64 tokens/);
    expect(counts.retries).toBe(0);
    const wrongModel = (await c
      .promptLogprobs('nope', [1, 2])
      .catch((e: unknown) => e)) as EndpointError;
    expect(wrongModel.status).toBe(404);
    expect(wrongModel.requestSpecific).toBe(false);
  });

  it('fails at once, without retries, when nothing listens at the URL', async () => {
    const { client: c, counts } = client(await closedPortUrl());
    const error = await c.listModels().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TurnwiseError);
    expect((error as TurnwiseError).message).toMatch(
      /^cannot reach .*: nothing is listening there/,
    );
    expect(counts).toEqual({ requests: 1, retries: 0 });
  });

  it('times out a request that gets no answer', async () => {
    const { client: c } = client(server.url, { timeoutMs: 100, maxRetries: 0 });
    server.delayMs = 1000;
    try {
      await expect(c.promptLogprobs('toy-policy', [1, 2])).rejects.toThrow(
        /no answer within 0.1 s/,
      );
    } finally {
      server.delayMs = 0;
    }
  });

  it('stops at once when cancelled', async () => {
    const controller = new AbortController();
    const { client: c } = client(server.url, { signal: controller.signal });
    server.delayMs = 2000;
    try {
      const pending = c.promptLogprobs('toy-policy', [1, 2]).catch((e: unknown) => e);
      setTimeout(() => controller.abort(), 50);
      const error = await pending;
      expect(error).toBeInstanceOf(TurnwiseError);
      expect((error as TurnwiseError).code).toBe('cancelled');
    } finally {
      server.delayMs = 0;
    }
  });

  it('sends the API key as a Bearer token', async () => {
    const without = (await client(keyed.url)
      .client.listModels()
      .catch((e: unknown) => e)) as EndpointError;
    expect(without.status).toBe(401);
    expect((await client(keyed.url, {}, 'sekret').client.listModels()).models).toHaveLength(1);
  });
});
