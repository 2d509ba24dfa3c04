import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { expect, test } from '@playwright/test';
import { plantedSecrets } from '../engine/testing/planted-secrets';
import { samplePath } from '../engine/testing/test-support';
import { api, apiAs, appUrl } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

const samples = samplePath();

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
  // Outcomes as the import will store them: reward 1 is a success by the default rule.
  await expect(page.getByTestId('preview-rule')).toContainText('reward >= 1');
  await expect(page.getByTestId('import-preview-table')).toContainText('success');
  // Reward and outcome are the columns checked first: they sit inside the dialog, not past its edge.
  const dialog = await page.getByRole('dialog').boundingBox();
  const reward = await page.getByTestId('import-preview-reward').first().boundingBox();
  const rightEdge = (box: { x: number; width: number } | null) => (box ? box.x + box.width : NaN);
  expect(rightEdge(reward)).toBeLessThanOrEqual(rightEdge(dialog));
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
  const before = await api('listDatasets', {});
  await page.goto(appUrl());
  await page.getByTestId('import-open').click();
  await page
    .getByTestId('import-paths')
    .fill(path.join(samples, 'swe-agent-traj', 'all_preds.jsonl'));
  await page.getByTestId('import-start').click();
  await expect(page.getByRole('dialog').getByTestId('error-alert')).toContainText(
    'format not recognised',
  );
  const after = await api('listDatasets', {});
  expect(after.datasets.length).toBe(before.datasets.length);
});

test('import dialog: a Parquet dump is attached by reference and browsed like an import', async ({
  page,
}) => {
  // The demo rollouts as a Parquet file, written by DuckDB as a Hugging Face dump would be.
  mkdirSync(test.info().outputDir, { recursive: true });
  const file = path.join(test.info().outputDir, 'demo-dump.parquet');
  const demo = path.resolve(import.meta.dirname, '..', 'datasets', 'demo', 'demo.jsonl');
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await connection.run(
    `COPY (SELECT * FROM read_json('${demo}', format = 'newline_delimited') LIMIT 16)
     TO '${file}' (FORMAT parquet)`,
  );
  connection.closeSync();
  instance.closeSync();

  await page.goto(appUrl());
  await page.getByTestId('import-open').click();
  await page.getByTestId('import-paths').fill(file);
  await page.getByLabel('Attach Parquet by reference', { exact: false }).check();
  await page.getByRole('textbox', { name: 'Dataset name (optional)' }).fill('demo-attached');
  await expect(page.getByTestId('import-start')).toHaveText('Attach');
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-done')).toContainText('Attached 16 trajectories');
  await page.getByRole('link', { name: 'Open dataset' }).click();
  await expect(page.getByText('attached by reference (read from the files)')).toBeVisible();
  await expect(page.getByTestId('trajectory-row')).toHaveCount(16);
  await page.getByTestId('trajectory-row').first().click();
  await expect(
    page.getByText('autonomous software engineering agent', { exact: false }).first(),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/attached-trajectory.png' });
});

test('import dialog: secrets are redacted by default, listed on the dataset page, kept on request', async ({
  page,
}) => {
  mkdirSync(test.info().outputDir, { recursive: true });
  const planted = plantedSecrets();
  const github = planted.find((secret) => secret.kind === 'github-pat');
  const blob = planted.map((secret) => secret.text).join('\n');
  const write = (name: string, id: string) => {
    const file = path.join(test.info().outputDir, name);
    const record = {
      trajectory_id: id,
      task_id: 'deploy',
      reward: 1,
      success: true,
      metadata: { config: { api_key: planted[0]?.secret } },
      messages: [
        { role: 'system', content: 'You deploy services.' },
        { role: 'user', content: `Deploy it. Credentials:\n${blob}` },
        {
          role: 'assistant',
          content: 'Reading the env file.',
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'bash', arguments: '{"cmd":"env"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'c1', content: `GITHUB_TOKEN=${github?.secret}\nHOME=/root` },
        { role: 'assistant', content: 'Deployed.' },
      ],
    };
    writeFileSync(file, `${JSON.stringify(record)}\n`);
    return file;
  };

  await page.goto(appUrl());
  await page.getByTestId('import-open').click();
  await page.getByTestId('import-paths').fill(write('planted.jsonl', 'leaky'));
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-done')).toContainText('secrets were redacted');
  await page.getByRole('link', { name: 'Open dataset' }).click();
  const panel = page.getByTestId('redactions');
  await expect(panel).toContainText('Secrets redacted at import');
  await expect(panel).toContainText('private-key');
  await expect(panel).toContainText('user message');
  await page.screenshot({ path: 'test-results/dataset-redactions.png', fullPage: true });
  await panel.getByRole('link', { name: 'planted:leaky' }).first().click();
  await expect(page.getByRole('region', { name: 'Turn 1, user' })).toBeVisible();
  // Redactions show as chips naming their rules: the tool output's and the user message's (the
  // literal `[REDACTED:...]` text shows only until a message's Markdown is rendered).
  const chip = (kind: string) => page.getByTestId('redaction-chip').filter({ hasText: kind });
  await expect(chip('github-pat').first()).toBeVisible();
  await expect(chip('aws-access-token').first()).toBeVisible();
  const body = (await page.locator('body').textContent()) ?? '';
  for (const { secret } of planted) expect(body).not.toContain(secret);

  await page.goto(appUrl());
  await page.getByTestId('import-open').click();
  await page.getByTestId('import-paths').fill(write('planted-kept.jsonl', 'kept'));
  await page.getByTestId('import-keep-secrets').click();
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-done')).toContainText('Secrets were kept');
  const stored = await apiAs<{ rows: { secrets: string }[] }>('runSql', {
    sql: "SELECT secrets FROM datasets WHERE name = 'planted-kept'",
  });
  expect(stored.rows).toEqual([{ secrets: 'kept' }]);
});
