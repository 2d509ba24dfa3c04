// Token text in the heat strips: a turn's stored ids show as "ids only" until the dataset's
// tokenizer.json is set from the strips, then as text cells coloured by log-prob, readable
// without hovering (hover still gives the values).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { loadLocalTokenizer } from '../engine/export/local-tokenizer';
import { writeFixtureTokenizer } from '../engine/testing/tokenizer-fixture';
import { writeJsonl } from '../engine/testing/test-support';
import { apiAs, appUrl, defined, importFiles } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

const LOADED = { timeout: 30_000 };

test('heat strips show token text once a tokenizer.json is set', async ({ page }) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tw-token-text-'));
  const tokenizerFile = writeFixtureTokenizer(dir);
  const tokenizer = await loadLocalTokenizer(tokenizerFile);
  const text = 'Step one\nDone';
  const ids = tokenizer.encode(text, false);
  const file = writeJsonl(path.join(dir, 'token-text.jsonl'), [
    {
      trajectory_id: `tt-${path.basename(dir)}`,
      messages: [
        { role: 'user', content: 'go' },
        {
          role: 'assistant',
          content: text,
          token_ids: ids,
          logp_policy: ids.map((_, i) => -i / 4),
          logp_ref: ids.map(() => -0.5),
        },
      ],
    },
  ]);
  const source = `tt-${path.basename(dir)}`;
  await importFiles([file], 'token-text');
  const { rows } = await apiAs<{ rows: { trajectory_id: string }[] }>('runSql', {
    sql: `SELECT trajectory_id FROM trajectories WHERE trajectory_id LIKE '%:${source}'`,
  });
  const id = defined(rows[0], 'the imported trajectory').trajectory_id;
  await page.goto(appUrl(`/trajectory/${encodeURIComponent(id)}`));
  const card = page.locator('#turn-1');
  await expect(card).toBeVisible(LOADED);
  await card.getByTestId('logprobs-toggle').click();
  await expect(card.getByTestId('token-ids-only')).toHaveText(
    'token ids only — set a tokenizer.json to see text',
  );

  await card.getByTestId('tokenizer-path').fill(tokenizerFile);
  await card.getByTestId('tokenizer-save').click();
  const cells = card.getByTestId('token-cell');
  await expect(cells).toHaveCount(ids.length, LOADED);
  await expect(card.getByTestId('token-text')).toHaveText('Step one↵Done');
  await expect(card.getByTestId('tokenizer-source')).toContainText(tokenizerFile);
  await cells.first().hover();
  await expect(card.getByTestId('strip-readout')).toContainText('token 0 · "Step" · id');
  await card.screenshot({ path: '/tmp/token-text.png' });
});
