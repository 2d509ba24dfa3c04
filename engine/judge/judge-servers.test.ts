// The judge client against each kind of server, as the chat test server reproduces them from
// their sources (chat-server-profiles.ts names each): the refusals it must get around, the
// answers that must stop a run at once, Azure's URLs and key header, Ollama's silent prompt cut.
import { afterAll, describe, expect, it } from 'vitest';
import { TurnwiseError } from '../../shared/result';
import type { ServerProfile } from '../../shared/server-profiles';
import { INSUFFICIENT_QUOTA_BODY } from '../testing/servers/chat-server-profiles';
import {
  startOpenAIChatServer,
  type OpenAIChatServer,
  type OpenAIChatServerOptions,
} from '../testing/servers/openai-chat-server';
import {
  chatCompletionsUrl,
  freshLearning,
  judgeSegment,
  parseAnswer,
  type ChatMessage,
} from './judge-client';
import { judgeServer } from './judge-server';

const servers: OpenAIChatServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

async function start(options: OpenAIChatServerOptions): Promise<OpenAIChatServer> {
  const server = await startOpenAIChatServer({ apiKey: 'sk-key', ...options });
  servers.push(server);
  return server;
}

const messages: ChatMessage[] = [
  { role: 'system', content: 'Judge the step.' },
  { role: 'user', content: '# The segment to judge: step 1\nAction: read_file {}' },
];
const never = new AbortController().signal;

function client(server: OpenAIChatServer, profile: ServerProfile, url = server.baseUrl) {
  return {
    url: chatCompletionsUrl(url),
    model: 'judge',
    apiKey: 'sk-key',
    server: profile,
    learned: freshLearning(),
    timeoutMs: 5000,
    maxRetries: 2,
    baseDelayMs: 1,
    maxDelayMs: 5,
  };
}

describe('the judge on each kind of server', () => {
  it('detects each kind from its model list and headers, and judges on it', async () => {
    for (const profile of ['vllm', 'sglang', 'openai', 'azure', 'ollama'] as const) {
      const server = await start({ profile });
      const url = chatCompletionsUrl(server.baseUrl);
      expect(await judgeServer(url, 'auto', 'sk-key', never)).toEqual({ profile, how: 'detected' });
      const outcome = await judgeSegment(client(server, profile), messages, never);
      expect(outcome).toMatchObject({ ok: true, answer: { role: 'useful_exploration' } });
    }
  });

  it('sends a schema without numeric bounds, which vLLM before 0.8.5 and OpenAI refuse', async () => {
    for (const profile of ['vllm', 'openai'] as const) {
      const server = await start({ profile, refusesSchemaBounds: true });
      const outcome = await judgeSegment(client(server, profile), messages, never);
      expect(outcome).toMatchObject({ ok: true, answer: { role: 'useful_exploration' } });
    }
  });

  it('drops temperature once a reasoning model refuses it, and remembers', async () => {
    const server = await start({ profile: 'openai', refusesTemperature: true });
    const options = client(server, 'openai');
    expect(await judgeSegment(options, messages, never)).toMatchObject({ ok: true });
    expect(await judgeSegment(options, messages, never)).toMatchObject({ ok: true });
    const sent = server.requests.map((r) => r.body.temperature);
    expect(sent).toEqual([0, undefined, undefined]);
    expect(options.learned.sendTemperature).toBe(false);
  });

  it('stops at once on insufficient_quota instead of retrying it as rate limiting', async () => {
    const server = await start({
      profile: 'openai',
      reply: () => ({ status: 429, body: JSON.stringify(INSUFFICIENT_QUOTA_BODY) }),
    });
    const error = await judgeSegment(client(server, 'openai'), messages, never).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TurnwiseError);
    expect((error as TurnwiseError).message).toMatch(/no quota left \(insufficient_quota\)/);
    expect(server.requests).toHaveLength(1);
  });

  it("sends Azure's api-key header, to its v1 and its deployment URLs", async () => {
    const server = await start({ profile: 'azure' });
    const v1 = await judgeSegment(client(server, 'azure'), messages, never);
    expect(v1).toMatchObject({ ok: true });
    const deployment = server.baseUrl.replace(
      /\/openai\/v1$/,
      '/openai/deployments/judge?api-version=2024-10-21',
    );
    const classic = await judgeSegment(client(server, 'azure', deployment), messages, never);
    expect(classic).toMatchObject({ ok: true });
    expect(server.requests.map((r) => r.headers['api-key'])).toEqual(['sk-key', 'sk-key']);
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    // As a bearer token the key is refused, as Azure does.
    const bearer = await judgeSegment(client(server, 'vllm'), messages, never).catch(
      (e: unknown) => e,
    );
    expect((bearer as Error).message).toMatch(/HTTP 401: .*Access denied/);
  });

  it('stops when Ollama cut the prompt to its context length', async () => {
    const server = await start({ profile: 'ollama', numCtx: 64 });
    const long: ChatMessage[] = [
      messages[0] as ChatMessage,
      { role: 'user', content: `${'Context line.\n'.repeat(200)}${messages[1]?.content}` },
    ];
    const error = await judgeSegment(client(server, 'ollama'), long, never).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toMatch(/Ollama read only 64 tokens.*OLLAMA_CONTEXT_LENGTH/);
    expect(await judgeSegment(client(server, 'ollama'), messages, never)).toMatchObject({
      ok: true,
    });
    // A prompt cut by less than the ratio shows: the second prompt counted at the cap stops it.
    const options = client(server, 'ollama');
    const near = (lines: number): ChatMessage[] => [
      { role: 'user', content: `${'Context line.\n'.repeat(lines)}${messages[1]?.content}` },
    ];
    expect(await judgeSegment(options, near(18), never)).toMatchObject({ ok: true });
    const second = await judgeSegment(options, near(21), never).catch((e: unknown) => e);
    expect((second as Error).message).toMatch(
      /the same count for prompts of 3\d\d and 3\d\d characters/,
    );
  });

  it('reads the answer after a leading reasoning block', () => {
    const content =
      '<think>\nThe step reads a file.\n</think>\n\n{"role":"useful_exploration","rationale":"Reads.","confidence":0.7}';
    expect(
      parseAnswer({ choices: [{ message: { content }, finish_reason: 'stop' }] }),
    ).toMatchObject({
      ok: true,
      answer: { role: 'useful_exploration', confidence: 0.7 },
    });
  });
});
