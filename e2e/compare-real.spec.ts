// Comparing real runs: three models on Inspect's `popularity` task, from the real logs in
// ../shared/samples (inspect-ai): llama3.1 8B on Ollama (log_formats.json, sample 1 once, wrong),
// Llama 3.1 405B on Azure (log_streaming.eval, samples 1 and 2 twice each: 1 of 2 and 2 of 2
// right) and gpt-4o-mini (the popularity .eval, samples 1-10, never scored, so no outcome).
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { samplePath } from '../engine/testing/test-support';
import { apiAt, appUrlAt } from './api';
import { ownWorkspace } from './own-workspace';

const LOADED = { timeout: 30_000 };
const workspace = ownWorkspace('compare-real');
const inspect = (file: string) => path.join(samplePath(), 'inspect-ai', file);
let url: URL;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const { db, turnwise } = workspace;
  turnwise('import', inspect('log_formats.json'), '--db', db, '--dataset', 'llama-8b');
  turnwise('import', inspect('log_streaming.eval'), '--db', db, '--dataset', 'llama-405b');
  const unscored = '2025-02-11T15-17-00-05-00_popularity_dPiJifoWeEQBrfWsAopzWr.eval';
  turnwise('import', inspect(unscored), '--db', db, '--dataset', 'gpt-4o-mini');
  url = await workspace.serve();
});

test.afterAll(() => workspace.dispose());

test('compare: real Inspect runs of one task by three models, side by side', async ({ page }) => {
  const card = (id: string) => page.getByTestId(`compare-card-${id}`);
  // By hand: sample 1 is the one shared task; 0 of 1 right, then 1 of 2 (a success at 0.5).
  const api = await apiAt(url, 'compareRuns', {
    runs: ['llama-8b', 'llama-405b'],
  });
  expect(api).toMatchObject({ shared_tasks: 1, fixed: 1, broken: 0, success_a: 0, success_b: 0.5 });
  expect(api.only_in).toEqual({ 'llama-8b': 0, 'llama-405b': 1 });

  await page.goto(appUrlAt(url, '/compare?runs=llama-8b,llama-405b,gpt-4o-mini'));
  await expect(page.getByTestId('compare-overview')).toContainText('gpt-4o-mini', LOADED);
  await expect(card('shared')).toContainText('1', LOADED);
  await expect(card('flips')).toContainText('1 / 0 / 0');
  await expect(card('success-b')).toContainText('50');
  await expect(card('difference')).toContainText('no interval from one task');
  await page.screenshot({ path: 'test-results/compare-real.png', fullPage: true });

  // The task: llama3.1's one rollout beside the 405B's two, and their diff.
  await page.getByTestId('compare-task-row').first().click();
  const detail = page.getByTestId('compare-task-detail');
  await expect(detail.getByTestId('compare-rollouts-a').getByRole('row')).toHaveCount(2, LOADED);
  await expect(detail.getByTestId('compare-rollouts-b').getByRole('row')).toHaveCount(3);
  const diff = detail.getByTestId('compare-diff');
  await expect(diff).toHaveAttribute('href', /^#\/diff\/llama-8b%3A.+\/llama-405b%3A.+$/);
  await diff.click();
  await expect(page).toHaveURL(/#\/diff\//);
  await expect(page.getByText(/First divergence/).first()).toBeVisible(LOADED);

  // gpt-4o-mini was never scored: against it no task has an outcome in both runs.
  await page.goto(appUrlAt(url, '/compare?runs=llama-405b,gpt-4o-mini'));
  await expect(page.getByText('No shared tasks to compare')).toBeVisible(LOADED);
  await expect(page.getByText(/have no task with a known outcome in common/)).toBeVisible();
});
