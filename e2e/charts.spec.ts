// The charts page on the demo workspace: its numbers match SQL over the public views, a task bar
// opens the explorer on that task, and after credit runs the ROC's AUROC matches getCreditStats.
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { JobState } from '../shared/api';
import { api, apiAs, appUrl, defined } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

async function sql<T>(query: string): Promise<T[]> {
  return (await apiAs<{ rows: T[] }>('runSql', { sql: query })).rows;
}

/**
 * Clicks a bar of a canvas chart: moves down a vertical line until ECharts shows the pointer
 * cursor (set on clickable series), then clicks there.
 */
async function clickBar(page: Page, figure: Locator, xFractions: number[]): Promise<void> {
  const canvas = figure.locator('canvas').first();
  await canvas.scrollIntoViewIfNeeded();
  const box = defined(await canvas.boundingBox(), 'the chart canvas');
  for (const fraction of xFractions) {
    const x = box.x + box.width * fraction;
    for (let y = box.y + 2; y < box.y + box.height - 2; y += 3) {
      await page.mouse.move(x, y);
      const cursor = await canvas.evaluate((el) => getComputedStyle(el.parentElement ?? el).cursor);
      if (cursor === 'pointer') {
        await page.mouse.click(x, y);
        return;
      }
    }
  }
  throw new Error('no clickable bar under the scanned lines');
}

test('charts page: demo numbers, a task bar opens the explorer on that task', async ({ page }) => {
  const charts = await api('getCharts', {});
  const [count] = await sql<{ n: number }>('SELECT count(*)::INTEGER AS n FROM trajectories');
  expect(charts.trajectories).toBe(defined(count, 'a count').n);
  const [top] = await sql<{ task_id: string; n: number; known: number; s: number }>(
    `SELECT task_id, count(*)::INTEGER AS n, count(success)::INTEGER AS known,
            (count(*) FILTER (WHERE success))::INTEGER AS s
     FROM trajectories GROUP BY task_id ORDER BY n DESC, task_id NULLS LAST LIMIT 1`,
  );
  const first = defined(top, 'the largest task');

  await page.goto(appUrl('/charts'));
  await expect(page.getByRole('link', { name: 'Charts' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('charts-filter')).toContainText(`All ${charts.trajectories}`, {
    timeout: 20_000,
  });
  const byTask = page.getByRole('figure', { name: 'Success rate by task' });
  await expect(byTask.locator('canvas')).toHaveCount(1);
  for (const name of [
    'Success rate by model',
    'Turns per trajectory by outcome',
    'Actions per trajectory by outcome',
  ]) {
    await expect(page.getByRole('figure', { name }).locator('canvas')).toHaveCount(1);
  }
  // The shell scrolls inside the window: a tall window shows every card in one screenshot.
  await page.setViewportSize({ width: 1400, height: 2200 });
  await page.screenshot({ path: '/tmp/charts-page.png' });
  await page.setViewportSize({ width: 1400, height: 900 });

  // The text alternative holds the same numbers as SQL over the public views.
  await byTask.getByRole('button', { name: 'Show numbers' }).click();
  const firstRow = byTask.getByRole('row').nth(1).getByRole('cell');
  const rate = first.known === 0 ? '—' : `${((first.s / first.known) * 100).toFixed(1)}%`;
  await expect(firstRow).toHaveText([
    first.task_id,
    String(first.n),
    String(first.known),
    String(first.s),
    rate,
  ]);
  await byTask.getByRole('button', { name: 'Show chart' }).click();

  // A bar reaching past 60% of the width is a task with a high success rate.
  await clickBar(page, byTask, [0.6]);
  await expect(page).toHaveURL(/#\/trajectories\?tasks=[^&]+$/);
  const task = decodeURIComponent(defined(/tasks=([^&]+)$/.exec(page.url())?.[1], 'a task'));
  const row = defined(
    charts.by_task.rows.find((r) => r.value === task),
    `task ${task} among the charted tasks`,
  );
  expect(row.success_rate ?? 0).toBeGreaterThan(0.3);
  const listed = await api('listTrajectories', { task_ids: [task], limit: 1 });
  expect(listed.total).toBe(row.n);
});

test('charts page: a filtered deep link, and credit histograms with the ROC', async ({ page }) => {
  await page.goto(appUrl('/charts?outcome=failure'));
  const filterBar = page.getByTestId('charts-filter');
  await expect(filterBar.getByText('outcome: failure')).toBeVisible({ timeout: 20_000 });
  await expect(filterBar.getByRole('link', { name: 'Open in the explorer' })).toHaveAttribute(
    'href',
    '#/trajectories?outcome=failure',
  );
  const [failures] = await sql<{ n: number }>(
    'SELECT count(*)::INTEGER AS n FROM trajectories WHERE NOT success',
  );
  await expect(filterBar).toContainText(`${defined(failures, 'a count').n} trajectories matching`);

  let job: JobState = await api('startCredit', { dataset_id: 'demo' });
  while (job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    job = await api('getJob', { job_id: job.job_id });
  }
  expect(job.error).toBeNull();
  const stats = await api('getCreditStats', {
    dataset_id: 'demo',
  });
  const auroc = defined(stats.auroc, 'the demo AUROC');
  const charts = await api('getCharts', { dataset_id: 'demo' });
  expect(defined(charts.roc, 'the ROC').auroc).toBeCloseTo(auroc, 9);
  expect(charts.credit_total.values).toBe(stats.segments);

  await page.goto(appUrl('/charts?dataset=demo'));
  // A fresh page load on a shared, busy machine: allow for it.
  await expect(page.getByTestId('roc-auroc')).toHaveText(`AUROC ${auroc.toFixed(3)}`, {
    timeout: 20_000,
  });
  const roc = page.getByRole('figure', { name: 'Progress score vs success (ROC)' });
  await expect(roc.locator('canvas')).toHaveCount(1);
  const credit = page.getByRole('figure', { name: 'Segment credit (total)' });
  await expect(credit.locator('canvas')).toHaveCount(1);
  await expect(credit.getByTestId('chart-summary')).toContainText(`${stats.segments} segments`);
  await expect(credit).toContainText('Not clickable');
  await page.setViewportSize({ width: 1400, height: 2200 });
  await page.screenshot({ path: '/tmp/charts-credit.png' });
  await page.setViewportSize({ width: 1400, height: 900 });

  // A progress-score bin opens the explorer on that score range within the dataset.
  const scores = page.getByRole('figure', { name: 'Trajectory progress score' });
  await clickBar(page, scores, [0.5, 0.4, 0.6, 0.3, 0.7]);
  await expect(page).toHaveURL(
    /#\/trajectories\?dataset=demo&progress_score=-?[0-9.e-]+\.\.-?[0-9.e-]+$/,
  );
});
