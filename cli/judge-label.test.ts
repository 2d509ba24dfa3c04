// `turnwise label --labeler judge`: the judge half, called as labels-command.ts calls it, against a
// local server speaking the OpenAI chat API.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JudgeSummary } from '../shared/api-judge';
import {
  startOpenAIChatServer,
  triageReply,
  type OpenAIChatServer,
} from '../engine/testing/servers/openai-chat-server';
import { turnwiseRecord } from '../engine/testing/test-support';
import { cliWorkspace, importRuns, turnwise } from './cli-test-support';
import { judgeLabelCommand } from './judge-label';
import { CliFailure, PROCESS_STREAMS, withStreams } from './output';

const workspace = cliWorkspace();
const { db } = workspace;
let server: OpenAIChatServer;

beforeAll(async () => {
  await importRuns(workspace, [
    turnwiseRecord({ id: 'a', task: 'T1', reward: 1, success: true, actions: 2 }),
    turnwiseRecord({ id: 'b', task: 'T1', reward: 0, success: false, actions: 3 }),
  ]);
  server = await startOpenAIChatServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.setReply(triageReply);
  server.reset();
});

/** Runs the command and returns what it printed on stdout. */
async function run(values: Record<string, unknown>): Promise<string> {
  let out = '';
  const streams = { ...PROCESS_STREAMS, stdout: (text: string) => void (out += text) };
  await withStreams(streams, () => judgeLabelCommand({ db, endpoint: server.baseUrl, ...values }));
  return out;
}

async function failure(values: Record<string, unknown>): Promise<CliFailure> {
  const error = await run(values).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CliFailure);
  return error as CliFailure;
}

describe('turnwise label --labeler judge', () => {
  it('runs through the turnwise command: one JSON object on stdout, nothing on stderr', async () => {
    const run = await turnwise(
      'label',
      '--db',
      db,
      '--labeler',
      'judge',
      '--endpoint',
      server.baseUrl,
      '--model',
      'bin-judge',
      '--dataset',
      'runs',
      '--json',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      source: 'judge:triage-judge/1@bin-judge',
      labeled: 5,
    });
    expect(server.requests).toHaveLength(5);

    const bad = await turnwise('label', '--db', db, '--labeler', 'judge', '--model', 'm');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^turnwise: usage: --labeler judge needs --endpoint URL/);
  }, 60_000);

  it('judges on OpenAI and Azure as they are: detected, their refusals and key header met', async () => {
    const openai = await startOpenAIChatServer({
      profile: 'openai',
      refusesTemperature: true,
      refusesSchemaBounds: true,
    });
    const azure = await startOpenAIChatServer({ profile: 'azure', apiKey: 'az-key' });
    process.env.TW_TEST_AZURE_KEY = 'az-key';
    try {
      const viaOpenai = JSON.parse(
        await run({ endpoint: openai.baseUrl, model: 'o-judge', dataset: 'runs', json: true }),
      ) as JudgeSummary;
      expect(viaOpenai).toMatchObject({ server: 'openai', labeled: 5, failed: 0 });
      const viaAzure = JSON.parse(
        await run({
          endpoint: azure.baseUrl,
          model: 'az-judge',
          dataset: 'runs',
          'api-key-env': 'TW_TEST_AZURE_KEY',
          server: 'azure',
          json: true,
        }),
      ) as JudgeSummary;
      expect(viaAzure).toMatchObject({ server: 'azure', labeled: 5, failed: 0 });
      expect(azure.requests[0]?.headers['api-key']).toBe('az-key');
      const bad = await failure({ model: 'm', server: 'tgi' });
      expect(bad.message).toMatch(/--server is auto, vllm, sglang/);
    } finally {
      delete process.env.TW_TEST_AZURE_KEY;
      await Promise.all([openai.close(), azure.close()]);
    }
  });

  it('--json prints exactly one JSON object: the run summary', async () => {
    const out = await run({ model: 'cli-judge', dataset: 'runs', concurrency: '2', json: true });
    const lines = out.trim().split('\n');
    expect(lines).toHaveLength(1);
    const summary = JSON.parse(lines[0] ?? '') as JudgeSummary;
    expect(summary).toMatchObject({
      dataset_id: 'runs',
      source: 'judge:triage-judge/1@cli-judge',
      segments: 5,
      labeled: 5,
      cached: 0,
      failed: 0,
      requests: 5,
    });
    expect(summary.prompt_tokens).toBeGreaterThan(0);
    expect(server.maxInFlight).toBeLessThanOrEqual(2);
  });

  it('prints a readable summary; a re-run is answered from the cache', async () => {
    const out = await run({ model: 'cli-judge', limit: '1' });
    expect(server.requests).toHaveLength(0);
    expect(out).toMatch(
      /^Judged 2 segments of all datasets as judge:triage-judge\/1@cli-judge on vLLM: 0 labels written, 2 answers from the cache, 0 failed\./,
    );
    expect(out).toMatch(/Tokens: 0 in, 0 out over 0 requests/);
    expect(out).toMatch(/Roles: .*\d/);
  });

  it('lists failures by segment', async () => {
    server.setReply(() => ({ status: 400, body: '{"error":{"message":"context too long"}}' }));
    const out = await run({ model: 'cli-failing', dataset: 'runs', limit: '1' });
    expect(out).toContain('0 labels written, 0 answers from the cache, 2 failed.');
    expect(out).toMatch(/runs:a segment 0: HTTP 400: .*context too long/);
  });

  it('refuses bad flags with exit code 2 before touching the endpoint', async () => {
    expect(await failure({ model: undefined })).toMatchObject({ what: 'usage', exitCode: 2 });
    expect((await failure({ model: 'm', concurrency: '0' })).why).toMatch(
      /--concurrency is a whole number from 1 to 64/,
    );
    expect((await failure({ model: 'm', limit: 'ten' })).why).toMatch(/--limit/);
    expect(await failure({ model: 'm', endpoint: 'ftp://x' })).toMatchObject({
      what: 'label',
      exitCode: 2,
    });
    expect((await failure({ model: 'm', dataset: 'nope' })).why).toMatch(
      /no dataset with id 'nope'/,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('fails with the endpoint error when the key is refused', async () => {
    const keyed = await startOpenAIChatServer({ apiKey: 'sk-cli-key' });
    try {
      const error = await failure({
        model: 'm',
        endpoint: keyed.baseUrl,
        'api-key-env': 'TW_NO_SUCH_KEY',
      });
      expect(error).toMatchObject({ what: 'label', exitCode: 2 });
      expect(error.why).toMatch(/HTTP 401/);
    } finally {
      await keyed.close();
    }
  });
});
