// The Export page on the demo workspace: the explorer's filter carried over, a preview that matches
// the API, a refused SQL condition, and an export whose files and manifest are on disk.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { ApiInput } from '../shared/api';
import { api, appUrl } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

const SHOTS = process.env.TURNWISE_SHOTS ?? 'test-results/export';

/**
 * Chooses an export target in the Select. A CI run once saw the choice not take (the page kept
 * trl-sft while the menu opened on a slow machine), so the pick is checked on the input's value
 * and the menu must be gone before anything else is clicked: it fades out over the page.
 */
async function pickTarget(page: Page, target: string) {
  await expect(async () => {
    if (!(await page.getByRole('listbox').isVisible())) {
      await page.getByTestId('export-target').locator('..').click();
    }
    await page.getByRole('option', { name: new RegExp(`^${target} `) }).click({ timeout: 5_000 });
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(page.getByTestId('export-target')).toHaveValue(target, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

test('an export is previewed, then written with its manifest, from the explorer filter', async ({
  page,
}) => {
  const selection = {
    target: 'trl-dpo',
    filter: { dataset_id: 'demo' },
  } satisfies ApiInput<'previewExport'>;
  const preview = await api('previewExport', selection);
  expect(preview.records).toBeGreaterThan(0);

  // From the explorer, filtered to the demo dataset, to the Export page.
  await page.goto(appUrl('/trajectories?dataset=demo'));
  await page.getByTestId('explorer-export').click();
  await expect(page).toHaveURL(/#\/export\?dataset=demo/);
  await expect(page.getByTestId('export-filter')).toContainText('dataset: demo');

  await pickTarget(page, 'trl-dpo');
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
  // The demo is redacted at import, so the export writes it as stored, and says so.
  await expect(page.getByTestId('export-secrets-summary')).toContainText(
    'redacted at import and written as stored',
  );
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

test('curation and step pairs set on the page preview what the API gives for them', async ({
  page,
}) => {
  const selection = {
    target: 'trl-dpo',
    filter: { dataset_id: 'demo' },
    top_k: 4,
    stratify_bins: 2,
    pairs: { trajectory: false, step: true, min_gap: 0.4 },
  } satisfies ApiInput<'previewExport'>;
  const preview = await api('previewExport', selection);
  const all = await api('previewExport', {
    target: 'trl-dpo',
    filter: { dataset_id: 'demo' },
  });
  // Curation narrowed the selection, and step pairs exist in it: the check below can fail.
  expect(preview.trajectories).toBeLessThan(all.trajectories);
  expect(preview.records).toBeGreaterThan(0);

  await page.goto(appUrl('/export?dataset=demo'));
  await pickTarget(page, 'trl-dpo');
  await page.getByTestId('export-top-k').fill('4');
  await page.getByTestId('export-stratify-bins').fill('2');
  await page.getByTestId('export-trajectory-pairs').click();
  await page.getByTestId('export-step-pairs').click();
  await page.getByTestId('export-step-min-gap').fill('0.4');
  await expect(page.getByTestId('export-counts')).toHaveText(
    `${preview.records} records from ${preview.trajectories} trajectories`,
  );
  await page.screenshot({ path: `${SHOTS}-curated.png`, fullPage: true });

  // A refused value is named at its field and nothing is previewed for it.
  await page.getByTestId('export-top-k').fill('0');
  await expect(page.getByTestId('export-top-k').locator('..').locator('..')).toContainText(
    /greater than or equal to 1|>=1/,
  );
  await expect(page.getByTestId('export-start')).toBeDisabled();
});

test('the options follow the target: weights, train flags, tokenizer, reasoning, task prompts', async ({
  page,
}) => {
  await page.goto(appUrl('/export?dataset=demo'));
  await pickTarget(page, 'ms-swift');
  await expect(page.getByTestId('export-weight-source')).toBeAttached();
  await expect(page.getByTestId('export-weight-scale')).toBeVisible();
  await expect(page.getByTestId('export-train-threshold')).toHaveCount(0);
  await page.getByTestId('export-trajectory-weights').locator('..').click();
  await page.getByRole('option', { name: /DRIFT/ }).click();
  await expect(page.getByTestId('export-drift-beta')).toBeVisible();
  await expect(page.getByTestId('export-duplicate-by-weight')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-weighting.png`, fullPage: true });
  // A weight range the schema refuses is named at its field, and nothing can be exported.
  await page.getByTestId('export-weight-min').fill('3');
  await expect(page.getByText('the weight minimum must not exceed the maximum')).toBeVisible();
  await expect(page.getByTestId('export-start')).toBeDisabled();
  await page.getByTestId('export-weight-min').fill('0');

  await pickTarget(page, 'axolotl');
  await expect(page.getByTestId('export-train-threshold')).toBeVisible();
  await expect(page.getByTestId('export-weight-scale')).toHaveCount(0);
  await expect(page.getByTestId('export-reasoning')).toBeAttached();
  await pickTarget(page, 'tokens');
  await expect(page.getByTestId('export-tokenizer')).toBeVisible();
  await expect(page.getByTestId('export-duplicate-by-weight')).toHaveCount(0);
  // The tokens target keeps the sampled reasoning tokens, so there is nothing to choose.
  await expect(page.getByTestId('export-reasoning')).toHaveCount(0);
  await pickTarget(page, 'verl-rl');
  await expect(page.getByText('Records are task prompts')).toBeVisible();
  await expect(page.getByTestId('export-reasoning')).toHaveCount(0);
  // A field name that is not a dot path is refused at the field, before anything is exported.
  await page.getByTestId('export-ground-truth').fill('grader..facts');
  await expect(page.getByText(/expected a dot path of metadata keys/)).toBeVisible();
  await expect(page.getByTestId('export-start')).toBeDisabled();
  await page.getByTestId('export-ground-truth').fill('ground_truth');
  await expect(page.getByTestId('export-record').first()).toContainText('"ground_truth"');
  await page.screenshot({ path: `${SHOTS}-ground-truth.png`, fullPage: true });
  await expect(page.getByTestId('export-counts')).toContainText('records from');
  await pickTarget(page, 'llamafactory');
  await expect(page.getByTestId('export-step-pairs')).toHaveCount(0);
  await page.getByTestId('export-preference').click();
  await expect(page.getByTestId('export-step-pairs')).toBeVisible();
  await expect(page.getByTestId('export-record').first()).toContainText('"chosen"');
});
