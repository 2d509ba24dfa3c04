// Turn errors on a real Inspect log whose tool calls fail (timeout, permission, parsing, ...):
// red badges on the error turns, counted as failure signals, and the explorer's error filter.
import { expect, test } from '@playwright/test';
import { samplePath } from '../engine/testing/test-support';
import { apiAs, appUrl, defined, importFiles } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

type SqlRows = { rows: Record<string, unknown>[] };

test('tool errors are badged, counted as failure signals and filterable', async ({ page }) => {
  const dataset = await importFiles(
    [samplePath('inspect-ai/log_tool_call_error.json')],
    'inspect-tool-errors',
  );
  const { rows } = await apiAs<SqlRows>('runSql', {
    sql: `SELECT trajectory_id, count(*) FILTER (WHERE error IS NOT NULL) AS errors
          FROM turns JOIN trajectories USING (trajectory_id)
          WHERE dataset_id = '${dataset}' GROUP BY 1 ORDER BY 2 DESC, 1`,
  });
  const withErrors = rows.filter((row) => Number(row.errors) > 0);
  const worst = defined(withErrors[0], 'a trajectory with tool errors');
  const errorCount = Number(worst.errors);

  await page.goto(appUrl(`/trajectory/${encodeURIComponent(String(worst.trajectory_id))}`));
  const badges = page.getByTestId('turn-error');
  await expect(badges.first()).toBeVisible();
  await expect(page.getByTestId('next-failure')).toContainText(/\((\d+)\)/);
  const signals = Number(
    /\((\d+)\)/.exec((await page.getByTestId('next-failure').textContent()) ?? '')?.[1],
  );
  expect(signals).toBeGreaterThanOrEqual(errorCount);
  await page.screenshot({ path: 'test-results/turn-errors.png' });

  // The whole workspace (the demo, the hostile dataset and this import): the filter keeps
  // exactly the trajectories SQL finds with an error turn.
  const { rows: errored } = await apiAs<SqlRows>('runSql', {
    sql: `SELECT count(DISTINCT trajectory_id) AS n FROM turns WHERE error IS NOT NULL`,
  });
  const { rows: everything } = await apiAs<SqlRows>('runSql', {
    sql: `SELECT count(*) AS n FROM trajectories`,
  });
  const count = (n: unknown) => `${Number(n).toLocaleString('en-US')} trajectories`;
  await page.goto(appUrl('/trajectories'));
  await expect(page.getByTestId('trajectory-count')).toHaveText(count(everything[0]?.n));
  await page.getByLabel('Turn errors').click();
  await page.getByRole('option', { name: 'has a tool error' }).click();
  await expect(page).toHaveURL(/error=any/);
  await expect(page.getByTestId('trajectory-count')).toHaveText(count(errored[0]?.n));
  await expect(page.getByTestId('trajectory-row').first()).toBeVisible();
  await expect(page.getByText('has a turn error')).toBeVisible();
  expect(Number(errored[0]?.n)).toBeLessThan(Number(everything[0]?.n));
});
