// Folder imports in the dialog, on real files: a folder of two formats with a README and a
// SOURCE.txt is previewed file by file and imported as one dataset per format; a failed import
// tells the user what to do in the dialog's terms and can be changed and tried again.
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { samplePath } from '../engine/testing/test-support';
import { api, appUrl } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

function folderOf(name: string, files: Record<string, string>): string {
  const folder = path.join(test.info().outputDir, name);
  mkdirSync(folder, { recursive: true });
  for (const [to, sample] of Object.entries(files)) {
    copyFileSync(samplePath(sample), path.join(folder, to));
  }
  return folder;
}

const STRAYS = { 'README.md': 'README.md', 'SOURCE.txt': 'inspect-ai/SOURCE.txt' };

test('import dialog: a mixed folder is previewed file by file and imported per format', async ({
  page,
}) => {
  const folder = folderOf('mixed-runs', {
    ...STRAYS,
    'log_formats.json': 'inspect-ai/log_formats.json',
    'weather.jsonl': 'nemo-gym/example_mcp_weather.example_rollouts.jsonl',
  });
  await page.goto(appUrl());
  await page.getByTestId('import-open').click();
  await page.getByTestId('import-paths').fill(folder);
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('import-preview');
  await expect(preview.getByTestId('import-plan')).toContainText(
    '2 datasets, one per format: mixed-runs-inspect (inspect, 1 file), mixed-runs-nemo-gym (nemo-gym, 1 file)',
  );
  const rows = preview.getByTestId('import-file');
  await expect(rows).toHaveCount(4);
  await expect(preview.locator('[data-status="skip"]')).toHaveCount(2);
  await expect(rows.filter({ hasText: 'README.md' })).toContainText('format not recognised');
  await expect(rows.filter({ hasText: 'weather.jsonl' })).toContainText('nemo-gym');
  await page.screenshot({ path: 'test-results/import-folder-preview.png' });

  await page.getByTestId('import-start').click();
  const done = page.getByTestId('import-done');
  await expect(done).toContainText('into 2 datasets, one per format');
  await expect(done.getByTestId('import-skipped-files')).toContainText('README.md');
  await expect(done.getByTestId('import-skipped-files')).toContainText('SOURCE.txt');
  const listed = await api('listDatasets', {});
  const made = listed.datasets.filter((d) => d.dataset_id.startsWith('mixed-runs-'));
  expect(made.map((d) => [d.dataset_id, d.format]).sort()).toEqual([
    ['mixed-runs-inspect', 'inspect'],
    ['mixed-runs-nemo-gym', 'nemo-gym'],
  ]);
  await done.getByRole('link', { name: 'mixed-runs-nemo-gym' }).click();
  await expect(page).toHaveURL(/#\/dataset\/mixed-runs-nemo-gym/);
  await expect(page.getByTestId('trajectory-row').first()).toBeVisible();
});

test('import dialog: after a failure the inputs can be changed and the import retried', async ({
  page,
}) => {
  const strays = folderOf('only-strays', STRAYS);
  const log = folderOf('one-log', { 'tool_error.json': 'inspect-ai/log_tool_call_error.json' });
  await page.goto(appUrl());
  await page.getByTestId('import-open').click();
  await page.getByTestId('import-paths').fill(strays);
  await page.getByTestId('import-start').click();
  const dialog = page.getByRole('dialog');
  const failure = dialog.getByTestId('error-alert');
  await expect(failure).toContainText('Import failed; nothing was written');
  await expect(failure).toContainText('no trajectory files among 2');
  await expect(failure).toContainText('Choose the format in the Format list above');
  await expect(failure).not.toContainText('--format');
  await page.screenshot({ path: 'test-results/import-folder-failed.png' });

  // The form is not locked: point it at a log and try again.
  await expect(page.getByTestId('import-paths')).toBeEnabled();
  await page.getByTestId('import-paths').fill(path.join(log, 'tool_error.json'));
  await expect(failure).toHaveCount(0);
  await expect(page.getByTestId('import-start')).toHaveText('Import');
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-done')).toContainText('as dataset tool_error (inspect)');
});
