import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { api, apiAs, appUrl } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

// The preview is the first import this file's server sees: the engine loads its importers and
// starts a read worker first, which can take a while on a busy 2-core machine.
const LOADED = { timeout: 30_000 };

test('a custom mapping in Monaco previews live and imports a shape no reader knows', async ({
  page,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'turnwise-mapping-'));
  const file = path.join(dir, 'odd-shape.jsonl');
  const record = (key: string, score: number) =>
    JSON.stringify({
      key,
      score,
      log: [
        { who: 'me', said: `hello ${key}` },
        { who: 'it', said: 'hi' },
      ],
    });
  writeFileSync(file, `${record('k1', 1)}\n${record('k2', 0)}\n`);
  await api('saveMapping', {
    name: 'odd-shape',
    spec: {
      messages: 'log',
      role: 'who',
      content: 'said',
      roles: { me: 'user', it: 'assistant' },
      id: 'key',
      reward: 'score',
    },
  });

  await page.goto(appUrl());
  await page.getByTestId('import-open').click();
  await page.getByTestId('import-paths').fill(file);
  await page.getByLabel('Format').click();
  await page.getByRole('option', { name: /Custom mapping/ }).click();
  await expect(page.getByTestId('mapping-editor')).toBeVisible();
  await page.getByTestId('mapping-select').selectOption('odd-shape');
  const preview = page.getByTestId('import-preview');
  await expect(preview).toContainText('custom mapping', LOADED);
  await expect(preview).toContainText('hello k1');
  await page.screenshot({ path: 'test-results/mapping.png' });
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-done')).toContainText('Imported 2 trajectories', LOADED);
  const rows = await apiAs<{ rows: { trajectory_id: string; reward: number }[] }>('runSql', {
    sql: "SELECT trajectory_id, reward FROM trajectories WHERE dataset_id = 'odd-shape' ORDER BY 1",
  });
  expect(rows.rows).toEqual([
    { trajectory_id: 'odd-shape:k1', reward: 1 },
    { trajectory_id: 'odd-shape:k2', reward: 0 },
  ]);
});
