// Scoring against each kind of server, as their sources say they behave (the test servers cite
// them): current vLLM (reasoning read as `reasoning`, non-JSON tool arguments silently {}), an
// older vLLM (reasoning_content), SGLang (native /generate, /tokenize that always appends a
// generation prompt, a 1e30 context length, echo that needs logprobs >= 1), an SGLang whose
// /tokenize takes no messages, and servers that return no prompt log-probs at all.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiInput, JobState } from '../../shared/api';
import { jobResult } from '../../shared/job-result';
import type { ScoringSummary } from '../../shared/api-scoring';
import { openEngine } from '../engine';
import type { Engine } from '../core/engine-types';
import { tempDir, writeJsonl } from '../testing/test-support';
import { startOpenAIChatServer } from '../testing/servers/openai-chat-server';
import { startSglangServer } from '../testing/servers/sglang-server';
import type { ToyServer } from '../testing/servers/toy-http';
import { toyDetokenize, toyLogprob, toyTokenId, toyTokenize } from '../testing/servers/toy-model';
import { startVllmCompletionsServer } from '../testing/servers/vllm-completions-server';
import { UNIFORM_FAILURE_COUNT } from './uniform-failure';

const tmp = tempDir();
let engine: Engine;
const servers: { close(): Promise<void> }[] = [];

async function track<T extends { close(): Promise<void> }>(started: Promise<T>): Promise<T> {
  const server = await started;
  servers.push(server);
  return server;
}

async function score(input: ApiInput<'startScoring'>): Promise<JobState> {
  const started = await engine.dispatch('startScoring', input);
  if (!started.ok) throw new Error(started.error.message);
  return engine.waitForJob(started.value.job_id);
}

async function scored(input: ApiInput<'startScoring'>): Promise<ScoringSummary> {
  const job = await score(input);
  expect(job.error).toBeNull();
  return jobResult(job, 'score');
}

async function rows(dataset: string) {
  const result = await engine.dispatch('runSql', {
    sql: `SELECT l.trajectory_id, l.turn_index, l.token_ids, l.logp_policy FROM token_logprobs l
          JOIN trajectories t USING (trajectory_id) WHERE t.dataset_id = '${dataset}'
          ORDER BY l.trajectory_id, l.turn_index`,
  });
  if (!result.ok) throw new Error(result.error.message);
  return (result.value as { rows: unknown[] }).rows as {
    turn_index: number;
    token_ids: number[];
    logp_policy: number[];
  }[];
}

function record(id: string, call: { name: string; arguments: string }, tools?: unknown[]) {
  return {
    trajectory_id: id,
    ...(tools ? { tools } : {}),
    messages: [
      { role: 'user', content: `Fix ${id}.` },
      {
        role: 'assistant',
        content: 'Looking.',
        reasoning_content: 'Read the file before editing it.',
        tool_calls: [{ id: 'c1', type: 'function', function: call }],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'x = 1' },
      { role: 'assistant', content: `Fixed ${id}.` },
    ],
  };
}

async function importRecords(dataset: string, records: Record<string, unknown>[]): Promise<void> {
  const file = writeJsonl(path.join(tmp.dir, `${dataset}.jsonl`), records);
  const started = await engine.dispatch('startImport', { paths: [file], dataset });
  if (!started.ok) throw new Error(started.error.message);
  expect((await engine.waitForJob(started.value.job_id)).error).toBeNull();
}

const READ = { name: 'read', arguments: '{"path":"a.py"}' };
const ids = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);

beforeAll(async () => {
  engine = await openEngine({ dbPath: path.join(tmp.dir, 'ws.duckdb') });
  // A scored turn keeps its token ids, and later scoring reuses them: one dataset per test.
  for (const name of [
    'vllm',
    'vllm-old',
    'no-reasoning',
    'sglang',
    'sglang-echo',
    'sglang-old',
    'openai',
  ])
    await importRecords(
      name,
      ['a', 'b'].map((id) => record(`${name}-${id}`, READ)),
    );
  await importRecords(
    'many',
    ids(UNIFORM_FAILURE_COUNT + 3).map((id) => record(id, READ)),
  );
  const broken = { name: 'read', arguments: '{"path": "a.py"' }; // cut off mid-object
  await importRecords('bad-args', [record('x', broken)]);
  // Inspect-style flat schemas: vLLM refuses tools that are not {type: function, function}.
  const flat = [{ name: 'read', description: 'Read a file', parameters: { type: 'object' } }];
  await importRecords('flat-tools', [record('f', READ, flat)]);
}, 60_000);
afterAll(async () => {
  await engine.close();
  await Promise.all(servers.map((s) => s.close()));
  tmp.cleanup();
});

describe('scoring on vLLM', () => {
  it('renders reasoning on current vLLM, which reads it as `reasoning` (issue #38488)', async () => {
    const server = await track(startVllmCompletionsServer({ model: 'm' }));
    const summary = await scored({ policy: { base_url: server.url }, dataset_id: 'vllm' });
    expect(summary).toMatchObject({ scored_trajectories: 2, failed_trajectories: 0 });
    expect(summary.policy_server).toBe('vllm');
    const first = (await rows('vllm'))[0];
    expect(toyDetokenize(first?.token_ids ?? [])).toContain('<think>\nRead the file before');
  });

  it('renders reasoning on vLLM before the rename, which reads reasoning_content', async () => {
    const chat = { reasoningField: 'reasoning_content' as const };
    const server = await track(startVllmCompletionsServer({ model: 'm', chat }));
    const summary = await scored({ policy: { base_url: server.url }, dataset_id: 'vllm-old' });
    expect(summary.failed_trajectories).toBe(0);
  });

  it('fails a trajectory whose reasoning the template leaves out, and says why', async () => {
    const server = await track(
      startVllmCompletionsServer({ model: 'm', chat: { reasoningField: null } }),
    );
    const summary = await scored({ policy: { base_url: server.url }, dataset_id: 'no-reasoning' });
    expect(summary).toMatchObject({ scored_trajectories: 0, failed_trajectories: 2 });
    expect(summary.failures[0]?.code).toBe('text_missing');
    expect(summary.failures[0]?.reason).toMatch(/left out the turn's reasoning \("Read the file/);
  });

  it('stops at once when the first trajectories all fail alike, naming what to change', async () => {
    const server = await track(
      startVllmCompletionsServer({ model: 'm', chat: { reasoningField: null } }),
    );
    const job = await score({
      policy: { base_url: server.url },
      dataset_id: 'many',
      concurrency: 1,
    });
    expect(job.status).toBe('failed');
    expect(job.error?.message).toMatch(
      new RegExp(
        `first ${UNIFORM_FAILURE_COUNT} trajectories all failed the same way \\(text_missing\\).*chatml rendering`,
      ),
    );
    // The stop came before the rest were tried.
    const tried = server.requests.filter((r) => r.path === '/detokenize').length;
    expect(tried).toBeLessThan(UNIFORM_FAILURE_COUNT + 3);
  });

  it('refuses tool-call arguments that are not JSON instead of scoring them as {}', async () => {
    const server = await track(startVllmCompletionsServer({ model: 'm' }));
    const summary = await scored({ policy: { base_url: server.url }, dataset_id: 'bad-args' });
    expect(summary.failures[0]).toMatchObject({ code: 'tool_arguments' });
    expect(summary.failures[0]?.reason).toContain('chatml rendering');
    const chatml = await scored({
      policy: { base_url: server.url },
      dataset_id: 'bad-args',
      rendering: 'chatml',
    });
    expect(chatml).toMatchObject({ scored_trajectories: 1, failed_trajectories: 0 });
  });

  it('sends flat tool schemas in the function shape vLLM validates', async () => {
    const server = await track(startVllmCompletionsServer({ model: 'm' }));
    const summary = await scored({ policy: { base_url: server.url }, dataset_id: 'flat-tools' });
    expect(summary.failed_trajectories).toBe(0);
    const sent = server.requests.find((r) => r.path === '/tokenize' && r.body.tools);
    expect(sent?.body.tools).toEqual([
      {
        type: 'function',
        function: { name: 'read', description: 'Read a file', parameters: { type: 'object' } },
      },
    ]);
  });
});

describe('scoring on SGLang', () => {
  let sglang: ToyServer;
  beforeAll(async () => {
    sglang = await track(startSglangServer({ model: 's' }));
  });

  it('is detected, scores through /generate and reads its 1e30 context length as unknown', async () => {
    const summary = await scored({
      policy: { base_url: `${sglang.url}/v1` },
      dataset_id: 'sglang',
    });
    expect(summary).toMatchObject({ policy_server: 'sglang', scored_trajectories: 2 });
    expect(sglang.requests.some((r) => r.path === '/generate')).toBe(true);
    expect(sglang.requests.some((r) => r.path === '/v1/completions')).toBe(false);
    const [tool, final] = await rows('sglang');
    // The turn runs through its end-of-turn token; the template's "\n" after it is context.
    expect(toyDetokenize(final?.token_ids ?? [])).toBe('Fixed sglang-a.<|im_end|>');
    expect(toyDetokenize(tool?.token_ids ?? [])).toMatch(/^<think>\nRead the file/);
    const ids = final?.token_ids ?? [];
    const expected = ids.map((id, i) =>
      toyLogprob('s', i === 0 ? toyTokenId('\n') : (ids[i - 1] as number), id),
    );
    expect(final?.logp_policy).toEqual(expected);
  });

  it('reads prompt log-probs through echo with logprobs 1 when set to vLLM', async () => {
    const summary = await scored({
      policy: { base_url: sglang.url, server: 'vllm' },
      dataset_id: 'sglang-echo',
      rendering: 'chatml',
    });
    expect(summary).toMatchObject({ policy_server: 'vllm', scored_trajectories: 2 });
    const echo = sglang.requests.filter((r) => r.body.echo === true).at(-1);
    expect(echo?.body.logprobs).toBe(1);
  });

  it('refuses the chat template at start where /tokenize takes no messages', async () => {
    const old = await track(startSglangServer({ model: 's', tokenizeTakesMessages: false }));
    const job = await score({ policy: { base_url: old.url }, dataset_id: 'sglang-old' });
    expect(job.error?.code).toBe('invalid_input');
    expect(job.error?.message).toMatch(
      /cannot apply the model's chat template[\s\S]*chatml rendering/,
    );
    const chatml = await scored({
      policy: { base_url: old.url },
      dataset_id: 'sglang-old',
      rendering: 'chatml',
    });
    expect(chatml.scored_trajectories).toBe(2);
    expect(toyTokenize('x')).toHaveLength(1);
  });
});

describe('servers without prompt log-probs', () => {
  it('refuses OpenAI-style servers at start, saying which servers can score', async () => {
    const openai = await track(startOpenAIChatServer({ profile: 'openai' }));
    const job = await score({ policy: { base_url: openai.baseUrl }, dataset_id: 'openai' });
    expect(job.error?.message).toMatch(
      /is OpenAI, which returns no log-probs[\s\S]*vLLM or SGLang/,
    );
  });
});
