// The Export page on the demo workspace: the explorer's filter carried over, a preview that matches
// the API, a refused SQL condition, and an export whose files and manifest are on disk.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { api, appUrl } from './api';

const SHOTS = process.env.TURNWISE_SHOTS ?? 'test-results/export';

test('an export is previewed, then written with its manifest, from the explorer filter', async ({
  page,
}) => {
  const selection = { target: 'trl-dpo', filter: { dataset_id: 'demo' } };
  const preview = await api<{ records: number; trajectories: number }>('previewExport', selection);
  expect(preview.records).toBeGreaterThan(0);

  // From the explorer, filtered to the demo dataset, to the Export page.
  await page.goto(appUrl('/trajectories?dataset=demo'));
  await page.getByTestId('explorer-export').click();
  await expect(page).toHaveURL(/#\/export\?dataset=demo/);
  await expect(page.getByTestId('export-filter')).toContainText('dataset: demo');

  await page.getByTestId('export-target').locator('..').click();
  await page.getByRole('option', { name: /trl-dpo/ }).click();
  await expect(page.getByTestId('export-counts')).toHaveText(
    `${preview.records} records from ${preview.trajectories} trajectories`,
  );
  await expect(page.getByTestId('export-record').first()).toContainText('"chosen"');
  await page.screenshot({ path: `${SHOTS}-preview.png`, fullPage: true });

  // A condition that is not one condition is refused before anything is written.
  await page.getByTestId('export-where').fill('reward > 0; DROP TABLE tw_labels');
  await expect(page.getByRole('alert')).toContainText('where condition refused');
  await page.getByTestId('export-where').fill('');

  const out = path.join(mkdtempSync(path.join(tmpdir(), 'turnwise-export-e2e-')), 'dpo');
  await page.getByTestId('export-out').fill(out);
  await page.getByTestId('export-start').click();
  await expect(page.getByTestId('export-done')).toContainText(`${preview.records} records`);
  const manifest = JSON.parse(readFileSync(path.join(out, 'turnwise-manifest.json'), 'utf8')) as {
    target: string;
    files: { path: string; records: number }[];
  };
  expect(manifest.target).toBe('trl-dpo');
  const lines = readFileSync(path.join(out, 'train.jsonl'), 'utf8').trim().split('\n');
  expect(lines).toHaveLength(preview.records);
  expect(existsSync(`${out}.tmp`)).toBe(false);
  // Exporting again into the same, now full, folder needs "replace".
  await expect(page.getByTestId('export-start')).toBeEnabled();
  await page.getByTestId('export-start').click();
  await expect(page.getByRole('alert').filter({ hasText: 'not empty' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-done.png`, fullPage: true });
});
