// `turnwise score` through the command's main(), against local servers implementing vLLM's
// completions API that answer in this same process.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScoringSummary } from '../shared/api-scoring';
import { writeJsonl } from '../engine/testing/test-support';
import {
  startVllmCompletionsServer,
  toyLogprob,
  toyTokenId,
  type ToyServer,
} from '../engine/testing/servers/vllm-completions-server';
import { startSglangServer } from '../engine/testing/servers/sglang-server';
import { cliWorkspace, onlyJson, turnwise, turnwiseWithEnv } from './cli-test-support';

const { dir, db } = cliWorkspace();
let policy: ToyServer;
let ref: ToyServer;

beforeAll(async () => {
  policy = await startVllmCompletionsServer({ model: 'toy-policy' });
  ref = await startVllmCompletionsServer({ model: 'toy-ref', apiKey: 'sekret' });
  const records = ['a', 'b'].map((id) => ({
    trajectory_id: id,
    messages: [
      { role: 'user', content: `Task ${id}` },
      { role: 'assistant', content: `Answer ${id}.` },
    ],
  }));
  const file = writeJsonl(path.join(dir, 'runs.jsonl'), records);
  const imported = await turnwise('import', file, '--db', db, '--json');
  expect(imported.code).toBe(0);
}, 120_000); // a cold `turnwise import` on a loaded two-core machine
afterAll(async () => {
  await Promise.all([policy.close(), ref.close()]);
});

describe('turnwise score', { timeout: 120_000 }, () => {
  it('--json prints exactly one summary object, and the log-probs are in the workspace', async () => {
    const run = await turnwiseWithEnv(
      { TW_TEST_KEY: 'sekret' },
      'score',
      '--db',
      db,
      '--policy-endpoint',
      policy.url,
      '--ref-endpoint',
      `${ref.url}/v1`,
      '--api-key-env',
      'TW_TEST_KEY',
      '--dataset',
      'runs',
      '--concurrency',
      '2',
      '--json',
    );
    const summary = onlyJson(run) as ScoringSummary;
    expect(summary).toMatchObject({
      policy_model: 'toy-policy',
      ref_model: 'toy-ref',
      trajectories: 2,
      scored_trajectories: 2,
      turns_scored: 2,
      failed_trajectories: 0,
    });
    const sql = await turnwise(
      'sql',
      '--db',
      db,
      'SELECT token_ids, logp_policy, logp_ref FROM token_logprobs ORDER BY trajectory_id',
      '--json',
    );
    const rows = JSON.parse(sql.stdout).rows as {
      token_ids: number[];
      logp_policy: number[];
      logp_ref: number[];
    }[];
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const previous = (i: number) =>
        i === 0 ? toyTokenId('\n') : (row.token_ids[i - 1] as number);
      expect(row.logp_policy).toEqual(
        row.token_ids.map((id, i) => toyLogprob('toy-policy', previous(i), id)),
      );
      expect(row.logp_ref).toEqual(
        row.token_ids.map((id, i) => toyLogprob('toy-ref', previous(i), id)),
      );
    }
  });

  it('--only-missing scores nothing twice; text output says what was skipped', async () => {
    const run = await turnwise(
      'score',
      '--db',
      db,
      '--policy-endpoint',
      policy.url,
      '--only-missing',
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Scored 0 turns \(0 tokens\) in 0 of 2 trajectories with policy toy-policy/,
    );
    expect(run.stdout).toMatch(/Skipped: 2 turns already scored\./);
  });

  it('scores on SGLang, detected, and refuses a server kind without prompt log-probs', async () => {
    const sglang = await startSglangServer({ model: 'toy-sglang' });
    try {
      const run = await turnwise('score', '--db', db, '--policy-endpoint', sglang.url, '--json');
      expect(onlyJson(run)).toMatchObject({
        policy_server: 'sglang',
        scored_trajectories: 2,
        failed_trajectories: 0,
      });
      expect(sglang.requests.filter((r) => r.path === '/generate').length).toBeGreaterThan(0);
      const openai = await turnwise(
        'score',
        '--db',
        db,
        '--policy-endpoint',
        policy.url,
        '--server',
        'openai',
      );
      expect(openai.code).toBe(2);
      expect(openai.stderr).toMatch(/policy endpoint is OpenAI, which returns no log-probs/);
    } finally {
      await sglang.close();
    }
  });

  it('reports usage errors as `turnwise: usage: why` with exit code 2', async () => {
    const none = await turnwise('score', '--db', db);
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(
      'turnwise: usage: give --policy-endpoint URL, --ref-endpoint URL or both\n',
    );
    const concurrency = await turnwise(
      'score',
      '--db',
      db,
      '--policy-endpoint',
      policy.url,
      '--concurrency',
      '0',
    );
    expect(concurrency.code).toBe(2);
    expect(concurrency.stderr).toMatch(/--concurrency is a whole number from 1 to 64/);
    const server = await turnwise(
      'score',
      '--db',
      db,
      '--policy-endpoint',
      policy.url,
      '--server',
      'tgi',
    );
    expect(server.code).toBe(2);
    expect(server.stderr).toMatch(
      /--server is auto, vllm, sglang, openai, azure, ollama, not 'tgi'/,
    );
  });

  it('reports a wrong model or a missing key as `turnwise: score: why` with exit code 2', async () => {
    const model = await turnwise(
      'score',
      '--db',
      db,
      '--policy-endpoint',
      policy.url,
      '--policy-model',
      'nope',
    );
    expect(model.code).toBe(2);
    expect(model.stdout).toBe('');
    expect(model.stderr).toMatch(
      /^turnwise: score: .* does not serve model 'nope' \(it serves toy-policy\)\n$/,
    );
    const key = await turnwise(
      'score',
      '--db',
      db,
      '--ref-endpoint',
      ref.url,
      '--api-key-env',
      'TW_UNSET_KEY',
    );
    expect(key.code).toBe(2);
    expect(key.stderr).toBe(
      'turnwise: score: reference endpoint: environment variable TW_UNSET_KEY is not set\n',
    );
  });
});
