// The 'score' job through openEngine and dispatch, against local servers implementing vLLM's
// completions API: what lands in the token_logprobs view, the modes, attached data and cancel.
import { renameSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiInput, JobState } from '../../shared/api';
import { jobResult } from '../../shared/job-result';
import type { ScoringSummary } from '../../shared/api-scoring';
import { openEngine } from '../engine';
import type { Engine } from '../core/engine-types';
import { callOk } from '../testing/dispatch-test-support';
import { writeParquet } from '../testing/parquet-rows-fixture';
import { tempDir, turnwiseRecord, writeJsonl } from '../testing/test-support';
import {
  startVllmCompletionsServer,
  toyLogprob,
  toyTokenId,
  toyTokenize,
  type ToyServer,
} from '../testing/servers/vllm-completions-server';

const tmp = tempDir();
let engine: Engine;
let policy: ToyServer;
let ref: ToyServer;
const servers: ToyServer[] = [];

async function score(input: ApiInput<'startScoring'>): Promise<JobState> {
  const job = await callOk(engine, 'startScoring', input);
  return engine.waitForJob(job.job_id);
}

async function scored(input: ApiInput<'startScoring'>): Promise<ScoringSummary> {
  const job = await score(input);
  expect(job.error).toBeNull();
  expect(job.status).toBe('succeeded');
  return jobResult(job, 'score');
}

type LogprobRow = {
  trajectory_id: string;
  turn_index: number;
  token_ids: number[];
  logp_policy: number[] | null;
  logp_ref: number[] | null;
};

async function rowsOf(dataset: string): Promise<LogprobRow[]> {
  const result = await callOk(engine, 'runSql', {
    sql: `SELECT l.* FROM token_logprobs l JOIN trajectories t USING (trajectory_id)
          WHERE t.dataset_id = '${dataset}' ORDER BY l.trajectory_id, l.turn_index`,
    max_rows: 10_000,
  });
  // runSql's rows are untyped by the contract; the query above selects token_logprobs' columns.
  return result.rows as LogprobRow[];
}

/** The toy model's log-probs of a turn's tokens; the token before a turn ends its role header. */
function expectedLogprobs(model: string, tokenIds: number[]): number[] {
  const before = toyTokenId('\n');
  return tokenIds.map((id, i) =>
    toyLogprob(model, i === 0 ? before : (tokenIds[i - 1] as number), id),
  );
}

/** A trajectory without token ids or log-probs: one tool-calling turn and a final answer. */
function plainRecord(id: string) {
  return {
    trajectory_id: id,
    task_id: 'T',
    reward: 1,
    messages: [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: `Fix ${id}.` },
      {
        role: 'assistant',
        content: 'Looking.',
        reasoning: 'Read it first.',
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'read', arguments: '{"path":"a.py"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'x = 1' },
      { role: 'assistant', content: `Fixed ${id}.` },
    ],
  };
}
// The template's rendering of each assistant turn above, written out by hand.
const TOOL_TURN =
  '<think>\nRead it first.\n</think>\n\nLooking.\n<tool_call>\n{"name":"read","arguments":{"path":"a.py"}}\n</tool_call><|im_end|>\n';
const finalTurn = (id: string) => `Fixed ${id}.<|im_end|>\n`;

async function importFile(file: string, dataset: string, attach = false): Promise<void> {
  const job = await callOk(engine, 'startImport', { paths: [file], dataset, attach });
  const done = await engine.waitForJob(job.job_id);
  expect(done.error).toBeNull();
}

async function server(options: Parameters<typeof startVllmCompletionsServer>[0]) {
  const started = await startVllmCompletionsServer(options);
  servers.push(started);
  return started;
}

beforeAll(async () => {
  engine = await openEngine({ dbPath: path.join(tmp.dir, 'ws.duckdb') });
  policy = await server({ model: 'toy-policy' });
  ref = await server({ model: 'toy-ref' });
  const ids = ['a', 'b', 'c'];
  await importFile(writeJsonl(path.join(tmp.dir, 'plain.jsonl'), ids.map(plainRecord)), 'plain');
}, 60_000);
afterAll(async () => {
  await engine.close();
  await Promise.all(servers.map((s) => s.close()));
  tmp.cleanup();
});

describe('scoring log-probs through the engine', () => {
  it('stores per-turn token ids with the policy and reference log-probs of each token', async () => {
    const summary = await scored({
      policy: { base_url: policy.url },
      ref: { base_url: `${ref.url}/v1` },
      dataset_id: 'plain',
    });
    expect(summary).toMatchObject({
      policy_model: 'toy-policy',
      ref_model: 'toy-ref',
      rendering: 'chat_template',
      trajectories: 3,
      scored_trajectories: 3,
      failed_trajectories: 0,
      turns_scored: 6,
      per_turn_trajectories: 0,
    });
    const rows = await rowsOf('plain');
    expect(rows.map((r) => `${r.trajectory_id}#${r.turn_index}`)).toEqual([
      'plain:a#2',
      'plain:a#4',
      'plain:b#2',
      'plain:b#4',
      'plain:c#2',
      'plain:c#4',
    ]);
    for (const row of rows) {
      const id = row.trajectory_id.split(':')[1] as string;
      const span = row.turn_index === 2 ? TOOL_TURN : finalTurn(id);
      expect(row.token_ids).toEqual(toyTokenize(span));
      expect(row.logp_policy).toEqual(expectedLogprobs('toy-policy', row.token_ids));
      expect(row.logp_ref).toEqual(expectedLogprobs('toy-ref', row.token_ids));
    }
    expect(summary.tokens).toBe(rows.reduce((sum, row) => sum + row.token_ids.length, 0));
  });

  it('skips turns that already have the lists with only_missing', async () => {
    const before = policy.requests.length;
    const summary = await scored({
      policy: { base_url: policy.url },
      ref: { base_url: ref.url },
      dataset_id: 'plain',
      only_missing: true,
    });
    expect(summary).toMatchObject({
      skipped_trajectories: 3,
      turns_scored: 0,
      turns_already_scored: 6,
    });
    const completions = policy.requests.slice(before).filter((r) => r.path === '/v1/completions');
    expect(completions).toHaveLength(0);
  });

  it('scores one side and keeps the other where the token ids match', async () => {
    const ref2 = await server({ model: 'toy-ref-2' });
    const summary = await scored({ ref: { base_url: ref2.url }, dataset_id: 'plain' });
    expect(summary).toMatchObject({ policy_model: null, ref_model: 'toy-ref-2', turns_scored: 6 });
    for (const row of await rowsOf('plain')) {
      expect(row.logp_policy).toEqual(expectedLogprobs('toy-policy', row.token_ids));
      expect(row.logp_ref).toEqual(expectedLogprobs('toy-ref-2', row.token_ids));
    }
  });

  it('scores stored token ids as they are and fills only the missing turns', async () => {
    const records = ['s1', 's2'].map((id) => turnwiseRecord({ id, actions: 1 }));
    await importFile(writeJsonl(path.join(tmp.dir, 'stored.jsonl'), records), 'stored');
    // Tool-calling turns came with ids [11, 12, 13] and both lists; the final answers with none.
    const missing = await scored({
      policy: { base_url: policy.url },
      ref: { base_url: ref.url },
      dataset_id: 'stored',
      only_missing: true,
    });
    expect(missing).toMatchObject({ turns_scored: 2, turns_already_scored: 2 });
    const rows = await rowsOf('stored');
    const imported = rows.filter((r) => r.turn_index === 2);
    expect(imported.map((r) => [r.token_ids, r.logp_policy, r.logp_ref])).toEqual([
      [
        [11, 12, 13],
        [-0.1, -0.2, -0.3],
        [-0.4, -0.5, -0.6],
      ],
      [
        [11, 12, 13],
        [-0.1, -0.2, -0.3],
        [-0.4, -0.5, -0.6],
      ],
    ]);
    expect(rows.filter((r) => r.turn_index === 4).map((r) => r.token_ids)).toEqual([
      toyTokenize('Done.<|im_end|>\n'),
      toyTokenize('Done.<|im_end|>\n'),
    ]);

    await scored({ policy: { base_url: policy.url }, dataset_id: 'stored', rendering: 'chatml' });
    for (const row of (await rowsOf('stored')).filter((r) => r.turn_index === 2)) {
      expect(row.token_ids).toEqual([11, 12, 13]);
      expect(row.logp_policy).toEqual(expectedLogprobs('toy-policy', [11, 12, 13]));
      expect(row.logp_ref).toEqual([-0.4, -0.5, -0.6]); // same ids: the reference list is kept
    }
  });

  it('scores attached Parquet trajectories, never duplicating lists that live in the files', async () => {
    const jsonl = writeJsonl(path.join(tmp.dir, 'attach.jsonl'), [
      plainRecord('p'),
      turnwiseRecord({ id: 'q', actions: 1 }),
    ]);
    const parquet = await writeParquet(
      path.join(tmp.dir, 'attach.parquet'),
      `SELECT * FROM read_json('${jsonl}', format = 'newline_delimited')`,
    );
    await importFile(parquet, 'attached', true);
    const summary = await scored({
      policy: { base_url: policy.url },
      ref: { base_url: ref.url },
      dataset_id: 'attached',
    });
    // q's tool-calling turn has its lists in the file; the other three assistant turns are scored.
    expect(summary).toMatchObject({ turns_scored: 3, turns_in_files: 1, failed_trajectories: 0 });
    const rows = await rowsOf('attached');
    expect(rows).toHaveLength(4);
    const keys = rows.map((r) => `${r.trajectory_id}#${r.turn_index}`);
    expect(new Set(keys).size).toBe(4);
    const fromFile = rows.find((r) => r.token_ids.join() === '11,12,13');
    expect(fromFile?.logp_policy).toEqual([-0.1, -0.2, -0.3]);
    for (const row of rows.filter((r) => r !== fromFile)) {
      expect(row.logp_policy).toEqual(expectedLogprobs('toy-policy', row.token_ids));
    }
  });

  it('fails only the trajectories whose attached file is missing', async () => {
    const parquet = path.join(tmp.dir, 'attach.parquet');
    renameSync(parquet, `${parquet}.moved`);
    try {
      const summary = await scored({ policy: { base_url: policy.url }, dataset_id: 'attached' });
      expect(summary).toMatchObject({ trajectories: 2, failed_trajectories: 2, turns_scored: 0 });
      expect(summary.failures[0]?.reason).toMatch(/attached file is missing/);
    } finally {
      renameSync(`${parquet}.moved`, parquet);
    }
  });

  it('scores the turns that fit the context and counts the rest', async () => {
    // No schemas were stored, so the called tool is listed by name (tool-schemas.ts); the toy
    // server's template puts tools in a system message of their own.
    const read = {
      type: 'function',
      function: { name: 'read', description: '', parameters: { type: 'object', properties: {} } },
    };
    const context = `<|im_start|>system\n# Tools\n${JSON.stringify(read)}<|im_end|>\n<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nFix a.<|im_end|>\n<|im_start|>assistant\n`;
    const toolTurnEnd = toyTokenize(context).length + toyTokenize(TOOL_TURN).length;
    // Room for the tool turn and the one generated token, not for the final answer.
    const small = await server({ model: 'toy-small', maxModelLen: toolTurnEnd + 1 });
    const summary = await scored({ policy: { base_url: small.url }, trajectory_ids: ['plain:a'] });
    expect(summary).toMatchObject({
      turns_scored: 1,
      turns_beyond_context: 1,
      scored_trajectories: 1,
    });
    const sent = small.requests.filter((r) => r.path === '/v1/completions');
    expect((sent[0]?.body.prompt as number[]).length).toBe(toolTurnEnd);
  });

  it('falls back to one prompt per turn when the template is not prefix-preserving', async () => {
    const stripping = await server({ model: 'toy-policy', dropPastReasoning: true });
    const summary = await scored({ policy: { base_url: stripping.url }, dataset_id: 'plain' });
    expect(summary).toMatchObject({ per_turn_trajectories: 3, turns_scored: 6 });
    const completions = stripping.requests.filter((r) => r.path === '/v1/completions');
    expect(completions).toHaveLength(6);
  });

  it('can be cancelled; trajectories finished before the cancel are kept', async () => {
    const slow = await server({ model: 'toy-slow' });
    const records = Array.from({ length: 6 }, (_, i) => plainRecord(`k${i}`));
    await importFile(writeJsonl(path.join(tmp.dir, 'cancel.jsonl'), records), 'cancel');
    slow.delayMs = 300;
    const job = await callOk(engine, 'startScoring', {
      policy: { base_url: slow.url },
      dataset_id: 'cancel',
      concurrency: 1,
    });
    await new Promise<void>((resolve) => {
      const off = engine.onJobEvent((event) => {
        if (event.job_id === job.job_id && event.progress.done >= 1) {
          off();
          resolve();
        }
      });
    });
    await callOk(engine, 'cancelJob', { job_id: job.job_id });
    const final = await engine.waitForJob(job.job_id);
    expect(final.status).toBe('cancelled');
    expect(final.error?.message).toMatch(/trajectories scored before it are kept/);
    const kept = new Set((await rowsOf('cancel')).map((r) => r.trajectory_id));
    expect(kept.size).toBeGreaterThanOrEqual(1);
    expect(kept.size).toBeLessThan(6);
  });

  it('refuses bad requests before any job, and fails a job on a bad endpoint', async () => {
    const refused = async (input: ApiInput<'startScoring'>) => {
      const result = await engine.dispatch('startScoring', input);
      return result.ok ? null : result.error;
    };
    expect(await refused({ dataset_id: 'plain' })).toMatchObject({ code: 'invalid_input' });
    expect(
      await refused({ policy: { base_url: policy.url, api_key_env: 'TURNWISE_NO_SUCH_KEY' } }),
    ).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/TURNWISE_NO_SUCH_KEY is not set/),
    });
    expect(await refused({ policy: { base_url: policy.url }, dataset_id: 'nope' })).toMatchObject({
      code: 'not_found',
    });
    expect(await refused({ policy: { base_url: 'ftp://x' } })).toMatchObject({
      code: 'bad_request',
    });

    const wrongModel = await score({
      policy: { base_url: policy.url, model: 'gpt-9' },
      dataset_id: 'plain',
    });
    expect(wrongModel.error).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/does not serve model 'gpt-9'/),
    });
    const other = await server({ model: 'toy-other', vocabSalt: 'other' });
    const mismatch = await score({
      policy: { base_url: policy.url },
      ref: { base_url: other.url },
    });
    expect(mismatch.error?.message).toMatch(/tokenizers differ/);
    const broken = await server({ model: 'toy-broken' });
    broken.failNext = [503, 503];
    const down = await score({
      policy: { base_url: broken.url },
      trajectory_ids: ['plain:a'],
      max_retries: 1,
    });
    expect(down).toMatchObject({ status: 'failed', error: { code: 'io' } });
  });

  it('reads the API key from the environment variable it names', async () => {
    const keyed = await server({ model: 'toy-policy', apiKey: 'sekret' });
    process.env.TURNWISE_TEST_SCORING_KEY = 'sekret';
    try {
      const summary = await scored({
        policy: { base_url: keyed.url, api_key_env: 'TURNWISE_TEST_SCORING_KEY' },
        trajectory_ids: ['plain:b'],
      });
      expect(summary.turns_scored).toBe(2);
      const models = await callOk(engine, 'listEndpointModels', {
        base_url: keyed.url,
        api_key_env: 'TURNWISE_TEST_SCORING_KEY',
      });
      expect(models.models.map((m) => m.id)).toEqual(['toy-policy']);
    } finally {
      delete process.env.TURNWISE_TEST_SCORING_KEY;
    }
  });
});
