// The judge client against a local server speaking the OpenAI chat API (no LLM is reachable here).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_LABELS } from '../../shared/model';
import { TurnwiseError } from '../../shared/result';
import {
  startOpenAIChatServer,
  triageReply,
  type OpenAIChatServer,
} from '../testing/servers/openai-chat-server';
import { closedPortUrl } from '../testing/servers/closed-port';
import { runBounded } from './bounded-pool';
import {
  chatCompletionsUrl,
  freshLearning,
  judgeSegment,
  type ChatMessage,
  type JudgeClientOptions,
} from './judge-client';
import { retryAfterMs } from './judge-http';

let server: OpenAIChatServer;
beforeAll(async () => {
  server = await startOpenAIChatServer({ apiKey: 'sk-test-secret' });
});
afterAll(() => server.close());
afterEach(() => {
  server.setReply(triageReply);
  server.setLatency(0);
  server.reset();
});

function options(overrides: Partial<JudgeClientOptions> = {}): JudgeClientOptions {
  return {
    url: chatCompletionsUrl(server.baseUrl),
    model: 'judge-test',
    apiKey: 'sk-test-secret',
    server: 'vllm',
    learned: freshLearning(),
    timeoutMs: 5000,
    maxRetries: 4,
    baseDelayMs: 1,
    maxDelayMs: 5,
    ...overrides,
  };
}

const messages: ChatMessage[] = [
  { role: 'system', content: 'Judge the step.' },
  {
    role: 'user',
    content: '# Task\nFix it.\n\n# The segment to judge: step 1\nAction: read_file {}',
  },
];
const never = new AbortController().signal;

describe('judge client', () => {
  it('asks with a strict JSON schema at temperature 0 and returns the validated answer', async () => {
    const outcome = await judgeSegment(options(), messages, never);
    expect(outcome).toMatchObject({
      ok: true,
      answer: {
        role: 'useful_exploration',
        rationale: 'Judged by the test server.',
        confidence: 0.8,
      },
    });
    expect(outcome.usage.requests).toBe(1);
    expect(outcome.usage.prompt_tokens).toBeGreaterThan(10);
    expect(outcome.usage.completion_tokens).toBeGreaterThan(5);
    const [request] = server.requests;
    expect(request?.headers.authorization).toBe('Bearer sk-test-secret');
    expect(request?.body).toMatchObject({
      model: 'judge-test',
      temperature: 0,
      messages,
      response_format: {
        type: 'json_schema',
        json_schema: {
          strict: true,
          schema: {
            properties: { role: { enum: [...ROLE_LABELS] } },
            required: ['role', 'rationale', 'confidence'],
          },
        },
      },
    });
  });

  it('asks once more after an answer that breaks the schema, then records a failure', async () => {
    server.setReply(() => ({ answer: { role: 'heroic_progress', rationale: 'x', confidence: 2 } }));
    const outcome = await judgeSegment(options(), messages, never);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.reason).toMatch(/invalid answer twice: .*schema.*role/);
    expect(server.requests).toHaveLength(2);

    server.reset();
    server.setReply((request, index) =>
      index === 0 ? { answer: 'not json at all' } : triageReply(request, index),
    );
    const second = await judgeSegment(options(), messages, never);
    expect(second).toMatchObject({ ok: true, answer: { role: 'useful_exploration' } });
    expect(second.usage.requests).toBe(2);
  });

  it('waits as long as Retry-After says after a 429, then succeeds', async () => {
    server.setReply((request, index) =>
      index === 0 ? { status: 429, retryAfter: '1' } : triageReply(request, index),
    );
    const started = performance.now();
    const outcome = await judgeSegment(options(), messages, never);
    const waited = performance.now() - started;
    expect(outcome.ok).toBe(true);
    expect(server.requests).toHaveLength(2);
    // The backoff alone is at most 5 ms here; the second request came after the server's 1 s.
    expect(waited).toBeGreaterThanOrEqual(950);
  });

  it('gives up after the retries on persistent 500s and reports why', async () => {
    server.setReply(() => ({ status: 500, body: '{"error":{"message":"engine overloaded"}}' }));
    const outcome = await judgeSegment(options({ maxRetries: 4 }), messages, never);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.reason).toMatch(
      /gave up after 5 attempts: HTTP 500: .*overloaded/,
    );
    expect(server.requests).toHaveLength(5);
    expect(outcome.usage.requests).toBe(5);
  });

  it('retries a request that times out, and fails it when none answers in time', async () => {
    server.setReply(() => ({ hang: true }));
    const outcome = await judgeSegment(
      options({ timeoutMs: 1000, maxRetries: 1 }),
      messages,
      never,
    );
    expect(!outcome.ok && outcome.reason).toMatch(
      /gave up after 2 attempts: no answer within 1000 ms/,
    );
    expect(server.requests).toHaveLength(2);
  });

  it('stops at once on a wrong key, naming the status, without leaking the key', async () => {
    const error = await judgeSegment(options({ apiKey: 'sk-wrong' }), messages, never).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TurnwiseError);
    expect((error as TurnwiseError).code).toBe('invalid_input');
    expect((error as TurnwiseError).message).toMatch(/answered HTTP 401/);
    expect((error as TurnwiseError).message).not.toContain('sk-wrong');
    expect(server.requests).toHaveLength(0); // refused before the body was read
  });

  it('stops at the first request when nothing listens at the URL', async () => {
    const url = chatCompletionsUrl(await closedPortUrl());
    const error = await judgeSegment(options({ url }), messages, never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TurnwiseError);
    expect((error as TurnwiseError).code).toBe('invalid_input');
    expect((error as TurnwiseError).message).toBe(
      `cannot reach ${url}: nothing is listening there (ECONNREFUSED); ` +
        'check the URL and that the server is running',
    );
  });

  it('cancels in-flight requests and backoff waits', async () => {
    server.setReply(() => ({ hang: true }));
    const controller = new AbortController();
    const pending = judgeSegment(options(), messages, controller.signal);
    await expect.poll(() => server.inFlight).toBe(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
    await expect.poll(() => server.aborted).toBe(1);

    server.setReply(() => ({ status: 503, retryAfter: '30' }));
    const waiting = new AbortController();
    const backingOff = judgeSegment(options(), messages, waiting.signal);
    await expect.poll(() => server.requests.length).toBe(2);
    const started = performance.now();
    waiting.abort();
    await expect(backingOff).rejects.toMatchObject({ code: 'cancelled' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('keeps at most N requests in flight under a bounded pool', async () => {
    server.setLatency(150);
    const answers: string[] = [];
    const items = (async function* () {
      for (let i = 0; i < 12; i++) yield i;
    })();
    await runBounded(items, 3, async () => {
      const outcome = await judgeSegment(options(), messages, never);
      if (outcome.ok) answers.push(outcome.answer.role);
    });
    expect(answers).toHaveLength(12);
    expect(server.maxInFlight).toBe(3);
  });

  it('reads Retry-After as seconds, as an HTTP date and as retry-after-ms', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }), now)).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' }), now)).toBe(
      3000,
    );
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(
      250,
    );
    expect(retryAfterMs(new Headers(), now)).toBeNull();
    expect(chatCompletionsUrl('http://h:8000/v1/')).toBe('http://h:8000/v1/chat/completions');
    expect(chatCompletionsUrl('http://h/v1/chat/completions')).toBe('http://h/v1/chat/completions');
  });
});
