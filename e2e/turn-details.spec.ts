// The per-turn details panel on a real Inspect log: a model call's model, tokens, latency and stop
// reason, a tool call's sandbox events, and the scorer's explanation on the last turn.
import { expect, test } from '@playwright/test';
import { samplePath } from '../engine/testing/test-support';
import { apiAs, appUrl, defined, importFiles } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

const LOADED = { timeout: 30_000 };

test('a turn shows what the format recorded about its call', async ({ page }) => {
  const dataset = await importFiles(
    [samplePath('inspect-ai/2025-05-12T20-27-36-04-00_browser.json')],
    'inspect-browser',
  );
  const { rows } = await apiAs<{ rows: { trajectory_id: string; n_turns: number }[] }>('runSql', {
    sql: `SELECT trajectory_id, n_turns FROM trajectories WHERE dataset_id = '${dataset}'`,
  });
  const { trajectory_id: id, n_turns: n } = defined(rows[0], 'the imported trajectory');
  await page.goto(appUrl(`/trajectory/${encodeURIComponent(id)}`));
  await expect(page.getByTestId('turn').first()).toBeVisible(LOADED);

  const call = page.locator('#turn-1');
  await call.getByTestId('turn-details-toggle').click();
  const details = call.getByTestId('turn-details');
  await expect(details.getByTestId('turn-detail-model')).toHaveText('Modelgpt-4o-mini-2024-07-18');
  await expect(details.getByTestId('turn-detail-tokens')).toHaveText('Tokens1,124 in / 23 out');
  await expect(details.getByTestId('turn-detail-latency')).toHaveText('Latency1.10 s');
  await expect(details.getByTestId('turn-detail-stop')).toHaveText('Stop reasontool_calls');

  const tool = page.locator('#turn-2');
  await tool.getByTestId('turn-details-toggle').click();
  await expect(tool.getByTestId('turn-details-sandbox')).toContainText(
    'exec which inspect-tool-support → 0',
  );
  await page.screenshot({ path: '/tmp/turn-details.png' });

  // The transcript is virtualized: a deep link brings the last turn into view.
  await page.goto(appUrl(`/trajectory/${encodeURIComponent(id)}?turn=${n - 1}`));
  const last = page.locator(`#turn-${n - 1}`);
  await expect(last).toBeVisible(LOADED);
  await last.getByTestId('turn-details-toggle').click();
  await expect(last.getByTestId('turn-detail-score')).toContainText(
    'Score (includes)C — The AI Security Institute (AISI)',
  );
  await last.screenshot({ path: '/tmp/turn-details-score.png' });
});
