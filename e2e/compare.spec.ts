// Runs and their comparison, end to end: the demo base run, an export of its repair and config
// rollouts, and the checkpoint run trained on it (datasets/demo/README.md, The checkpoint run).
// This spec builds and serves a workspace of its own from the demo and checkpoint files, labeled
// and exported with the CLI as a user would, rather than a copy of the demo workspace.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { ApiInput, ApiMethod } from '../shared/api';
import { apiAt, appUrlAt } from './api';
import { demoFile, ownWorkspace } from './own-workspace';

const LOADED = { timeout: 30_000 };
const workspace = ownWorkspace('compare');
const exportDir = path.join(workspace.dir, 'export');
let url: URL;
const appUrl = (route: string) => appUrlAt(url, route);
const call = <M extends ApiMethod>(method: M, input: ApiInput<M>) => apiAt(url, method, input);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const { db, turnwise } = workspace;
  turnwise('import', demoFile('demo.jsonl'), '--db', db);
  turnwise('import', demoFile('checkpoint.jsonl'), '--db', db);
  turnwise('label', '--db', db, '--labeler', 'heuristic');
  turnwise(
    ...['export', '--db', db, '--target', 'trl-sft', '--dataset', 'demo', '--out', exportDir],
    ...['--where', "task_id NOT LIKE 'investigate%'"],
  );
  url = await workspace.serve();
});

test.afterAll(() => workspace.dispose());

async function summaryCard(page: Page, id: string) {
  return page.getByTestId('compare-summary').getByTestId(`compare-card-${id}`);
}

test('runs and compare: link a checkpoint to its export, read the lineage, compare, open a diff', async ({
  page,
}) => {
  // "Trained from" an export folder, on the checkpoint's dataset page; a wrong path is refused.
  await page.goto(appUrl('/dataset/checkpoint'));
  const card = page.getByTestId('run-card');
  await card.getByRole('combobox').click();
  await page.getByRole('option', { name: /manifest path/ }).click();
  await page.getByTestId('run-export-path').fill(workspace.dir);
  await page.getByTestId('run-save').click();
  await expect(card.getByTestId('error-alert')).toContainText('The run was not saved', LOADED);
  await page.getByTestId('run-export-path').fill(exportDir);
  await page.getByTestId('run-save').click();
  await expect(card.getByTestId('error-alert')).toHaveCount(0, LOADED);
  await expect(card.getByRole('link', { name: 'Compare with parent' })).toBeVisible(LOADED);

  // The lineage: demo -> export -> checkpoint, with the curation answer on the checkpoint.
  await page.goto(appUrl('/runs'));
  const chain = page.getByTestId('runs-chain');
  await expect(chain.getByTestId('runs-card')).toHaveCount(2, LOADED);
  await expect(chain.getByTestId('runs-card').nth(0)).toHaveAttribute('data-run', 'demo');
  await expect(chain.getByTestId('runs-card').nth(1)).toHaveAttribute('data-run', 'checkpoint');
  await expect(chain.getByTestId('runs-export')).toContainText('trl-sft · 16 tasks');
  const checkpoint = chain.locator('[data-run="checkpoint"]');
  await expect(checkpoint.getByTestId('curation-trained')).toContainText('16', LOADED);
  await expect(checkpoint.getByTestId('curation-held_out')).toContainText('8', LOADED);
  await checkpoint.getByRole('button', { name: 'Keep as best' }).click();
  await expect(checkpoint.getByText('best', { exact: true })).toBeVisible(LOADED);
  await page.screenshot({ path: 'test-results/runs-lineage.png' });

  // The comparison the Runs page links to, with the engine's numbers.
  await checkpoint.getByRole('link', { name: 'Compare with parent' }).click();
  await expect(page).toHaveURL(/#\/compare\?runs=demo,checkpoint$/);
  const all = await call('compareRuns', { runs: ['demo', 'checkpoint'] });
  await expect(await summaryCard(page, 'shared')).toContainText(String(all.shared_tasks), LOADED);
  await expect(await summaryCard(page, 'flips')).toContainText(
    `${all.fixed} / ${all.broken} / ${all.unchanged}`,
  );
  await expect(page.getByTestId('compare-scatter')).toBeVisible();
  await expect(page.getByTestId('compare-task-row')).toHaveCount(Math.min(25, all.shared_tasks));

  // The tasks it was trained on only.
  await page.getByRole('combobox', { name: 'Tasks' }).click();
  await page.getByRole('option', { name: 'tasks B was trained on' }).click();
  await expect(page).toHaveURL(/scope=trained/);
  await expect(await summaryCard(page, 'shared')).toContainText('16', LOADED);
  await page.screenshot({ path: 'test-results/compare-trained.png', fullPage: true });

  // A task's rollouts in both runs, and the step-aligned diff of the default pair.
  await page.getByTestId('compare-task-row').first().click();
  const detail = page.getByTestId('compare-task-detail');
  await expect(detail.getByTestId('compare-rollouts-a').getByRole('row')).toHaveCount(9, LOADED);
  await expect(detail.getByTestId('compare-rollouts-b').getByRole('row')).toHaveCount(9);
  const diff = detail.getByTestId('compare-diff');
  await expect(diff).toHaveAttribute('href', /^#\/diff\/demo%3A.+\/checkpoint%3A.+$/);
  await diff.click();
  await expect(page).toHaveURL(/#\/diff\//);
  await expect(page.getByText(/First divergence|identical steps/).first()).toBeVisible(LOADED);
});
