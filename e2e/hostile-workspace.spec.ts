// A workspace someone sent, with a public view and a Turnwise macro rewritten to read a file and
// an outcome rule that reads one (docs/security.md, "A received workspace"): served writable,
// Turnwise's definitions are written again from the code, the stored rule is refused by the guard
// on the dataset page, and no page shows the planted file's text.
import { renameSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { plantSecret, tamperedWorkspace } from '../engine/testing/hostile-workspace-test-support';
import { apiAsAt, appUrlAt } from './api';
import { demoFile, ownWorkspace } from './own-workspace';

const LOADED = { timeout: 30_000 };
const workspace = ownWorkspace('hostile');
let url: URL;
let secret: { file: string; text: string };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const { db, dir, turnwise } = workspace;
  turnwise('import', demoFile('demo.jsonl'), '--db', db, '--dataset', 'demo');
  secret = plantSecret(dir);
  const read = `(SELECT content FROM read_text('${secret.file}'))`;
  const hostile = await tamperedWorkspace(
    path.join(dir, 'received.duckdb'),
    [
      `CREATE OR REPLACE VIEW trajectories AS SELECT ${read} AS trajectory_id, ${read} AS task_id`,
      `CREATE OR REPLACE MACRO tw_role(r) AS ${read}`,
      `UPDATE tw_datasets SET outcome_rule = $$${read} IS NOT NULL$$`,
    ],
    db,
  );
  renameSync(hostile, db);
  url = await workspace.serve();
});

test.afterAll(() => workspace.dispose());

test('a received workspace that carries SQL shows none of what that SQL reads', async ({
  page,
}) => {
  // The console's view is Turnwise's again: the demo's rows, not the file.
  const rows = await apiAsAt<{ rows: { task_id: string }[] }>(url, 'runSql', {
    sql: 'SELECT task_id FROM trajectories ORDER BY task_id LIMIT 3',
  });
  expect(rows.rows.map((row) => row.task_id)).toEqual(['config-001', 'config-001', 'config-001']);

  await page.goto(appUrlAt(url, '/trajectories'));
  await expect(page.getByTestId('trajectory-row').first()).toBeVisible(LOADED);
  await expect(page.locator('body')).not.toContainText(secret.text);

  // The stored rule goes through the guard when the dataset page reads it.
  await page.goto(appUrlAt(url, '/dataset/demo'));
  await expect(
    page.getByRole('alert').filter({ hasText: 'outcome rule refused: read_text() reads files' }),
  ).toBeVisible(LOADED);
  await page.screenshot({ path: 'test-results/hostile-workspace-dataset.png', fullPage: true });
  await expect(page.locator('body')).not.toContainText(secret.text);
  // ...and can be replaced by the default from there.
  await page.getByTestId('outcome-rule-replace').click();
  await expect(page.getByTestId('outcome-rule')).toContainText('default', LOADED);
});
