// Scoring log-probs from the dataset page, against local servers implementing vLLM's completions
// API (started in this test process; no model endpoint is reachable from the test machines).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { JobState } from '../shared/api';
import {
  startVllmCompletionsServer,
  toyLogprob,
  toyTokenId,
  type ToyServer,
} from '../engine/testing/servers/vllm-completions-server';
import { startSglangServer } from '../engine/testing/servers/sglang-server';
import { api, apiAs, appUrl } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

let policy: ToyServer;
let ref: ToyServer;
let dir: string;

interface LogprobRow {
  trajectory_id: string;
  token_ids: number[];
  logp_policy: number[] | null;
  logp_ref: number[] | null;
}

async function importDataset(name: string, count: number): Promise<void> {
  const file = path.join(dir, `${name}.jsonl`);
  const records = Array.from({ length: count }, (_, i) => ({
    trajectory_id: `r${i}`,
    messages: [
      { role: 'user', content: `Task ${i} of ${name}: list the files.` },
      {
        role: 'assistant',
        content: 'Listing.',
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'ls', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'a.py b.py' },
      { role: 'assistant', content: `Two files for task ${i}.` },
    ],
  }));
  writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  let job: JobState = await api('startImport', { paths: [file], dataset: name });
  while (job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    job = await api('getJob', { job_id: job.job_id });
  }
  expect(job.error).toBeNull();
}

async function logprobRows(dataset: string): Promise<LogprobRow[]> {
  const result = await apiAs<{ rows: LogprobRow[] }>('runSql', {
    sql: `SELECT l.trajectory_id, l.token_ids, l.logp_policy, l.logp_ref FROM token_logprobs l
          JOIN trajectories t USING (trajectory_id) WHERE t.dataset_id = '${dataset}'
          ORDER BY l.trajectory_id, l.turn_index`,
  });
  return result.rows;
}

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'turnwise-e2e-scoring-'));
  policy = await startVllmCompletionsServer({ model: 'e2e-policy' });
  ref = await startVllmCompletionsServer({ model: 'e2e-ref' });
});
test.afterAll(async () => {
  await Promise.all([policy.close(), ref.close()]);
  rmSync(dir, { recursive: true, force: true });
});

test('a dataset without log-probs is scored from the UI', async ({ page }) => {
  await importDataset('score-e2e', 2);
  await page.goto(appUrl('/dataset/score-e2e'));
  await page.getByTestId('score-open').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('score-form-problem')).toContainText('Give a policy endpoint');
  await dialog.getByTestId('score-policy-url').fill(policy.url);
  await dialog.getByTestId('score-ref-url').fill(`${ref.url}/v1`);
  await dialog.getByTestId('score-policy-list').click();
  await expect(dialog.getByTestId('score-policy')).toContainText('vLLM serves:e2e-policy');
  await dialog.getByTestId('score-start').click();
  await expect(dialog.getByTestId('score-done')).toContainText(
    /Scored 4 turns \([\d,]+ tokens\) in 2 of 2 trajectories/,
  );

  const rows = await logprobRows('score-e2e');
  expect(rows).toHaveLength(4);
  for (const row of rows) {
    // Each token's log-prob given the one before it; a turn's first token follows its header's "\n".
    const previous = (i: number) => (i === 0 ? toyTokenId('\n') : (row.token_ids[i - 1] as number));
    expect(row.logp_policy).toEqual(
      row.token_ids.map((id, i) => toyLogprob('e2e-policy', previous(i), id)),
    );
    expect(row.logp_ref).toEqual(
      row.token_ids.map((id, i) => toyLogprob('e2e-ref', previous(i), id)),
    );
  }

  // Scoring again with "only missing" (the default) finds nothing left to do.
  await dialog.getByTestId('score-start').click();
  await expect(dialog.getByTestId('score-done')).toContainText('4 turns already scored');
});

test('a dataset is scored on SGLang, which the dialog recognises', async ({ page }) => {
  const sglang = await startSglangServer({ model: 'e2e-sglang' });
  try {
    await importDataset('score-sglang', 2);
    await page.goto(appUrl('/dataset/score-sglang'));
    await page.getByTestId('score-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('score-policy-url').fill(sglang.url);
    await dialog.getByTestId('score-policy-list').click();
    await expect(dialog.getByTestId('score-policy')).toContainText('SGLang serves:e2e-sglang');
    await dialog.getByTestId('score-start').click();
    await expect(dialog.getByTestId('score-done')).toContainText(
      /Scored 4 turns \([\d,]+ tokens\) in 2 of 2 trajectories in [\d.]+ s on SGLang/,
    );
    expect(sglang.requests.some((request) => request.path === '/generate')).toBe(true);
    const rows = await logprobRows('score-sglang');
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      const previous = (i: number) =>
        i === 0 ? toyTokenId('\n') : (row.token_ids[i - 1] as number);
      expect(row.logp_policy).toEqual(
        row.token_ids.map((id, i) => toyLogprob('e2e-sglang', previous(i), id)),
      );
    }
  } finally {
    await sglang.close();
  }
});

test('a scoring job is cancelled from the UI and keeps what it finished', async ({ page }) => {
  await importDataset('score-cancel', 5);
  policy.delayMs = 700;
  try {
    await page.goto(appUrl('/dataset/score-cancel'));
    await page.getByTestId('score-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('score-policy-url').fill(policy.url);
    await dialog.getByTestId('score-concurrency').fill('1');
    await dialog.getByTestId('score-start').click();
    await expect(dialog.getByTestId('score-progress')).toContainText(/[1-4] of 5 trajectories/);
    await dialog.getByTestId('score-cancel').click();
    await expect(dialog.getByTestId('error-alert')).toContainText('Scoring cancelled');
    const kept = new Set((await logprobRows('score-cancel')).map((row) => row.trajectory_id));
    expect(kept.size).toBeGreaterThanOrEqual(1);
    expect(kept.size).toBeLessThan(5);
  } finally {
    policy.delayMs = 0;
  }
});
