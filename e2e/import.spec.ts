import path from 'node:path';
import { expect, test } from '@playwright/test';
import { api, appUrl } from './api';

const samples = path.resolve(import.meta.dirname, '..', '..', 'shared', 'samples');

test('import dialog: a typed path is previewed with its detected format, then imported', async ({
  page,
}) => {
  await page.goto(appUrl());
  await page.getByTestId('import-open').click();
  await page
    .getByTestId('import-paths')
    .fill(path.join(samples, 'tau-bench', 'gpt-4o-airline.subset4.json'));
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('import-preview');
  await expect(preview).toContainText('tau-bench');
  await expect(preview).toContainText('airline/6');
  await page.screenshot({ path: 'test-results/import-preview.png' });
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-done')).toContainText('Imported 4 trajectories');
  await page.getByRole('link', { name: 'Open dataset' }).click();
  await expect(page).toHaveURL(/#\/dataset\/gpt-4o-airline\.subset4/);
  await expect(page.getByTestId('trajectory-row')).toHaveCount(4);
});

test('import dialog: a chosen file is uploaded in browser mode and imported', async ({ page }) => {
  await page.goto(appUrl());
  await page.getByTestId('import-open').click();
  await page
    .locator('input[type=file]')
    .setInputFiles(path.join(samples, 'swe-agent-traj', 'swe-agent__test-repo-i1.traj'));
  await expect(page.getByTestId('import-paths')).toHaveValue(
    /turnwise-uploads.*swe-agent__test-repo-i1\.traj$/,
  );
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-done')).toContainText('Imported 1 trajectories');
  await expect(page.getByTestId('import-done')).toContainText('swe-agent');
});

test('import dialog: a bad file fails with file:line: reason and nothing is written', async ({
  page,
}) => {
  const before = await api<{ datasets: unknown[] }>('listDatasets', {});
  await page.goto(appUrl());
  await page.getByTestId('import-open').click();
  await page
    .getByTestId('import-paths')
    .fill(path.join(samples, 'swe-agent-traj', 'all_preds.jsonl'));
  await page.getByTestId('import-start').click();
  await expect(page.getByRole('dialog').getByTestId('error-alert')).toContainText(
    'format not recognised',
  );
  const after = await api<{ datasets: unknown[] }>('listDatasets', {});
  expect(after.datasets.length).toBe(before.datasets.length);
});
