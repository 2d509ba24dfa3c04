// The trajectory explorer on the demo workspace: facets, full-text search, value ranges, saved
// filters, sorting, keyboard navigation and deep links, each checked against the API's answer.
import { expect, test, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { api, appUrl, importFiles } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

const SHOTS = process.env.TURNWISE_SHOTS ?? 'test-results/explorer';

const count = (page: Page) => page.getByTestId('trajectory-count');
const formatted = (n: number) => `${n.toLocaleString('en-US')} trajectories`;
/** The id cell: it shows the id without its dataset prefix and holds the full id as its title. */
const idCell = (row: Locator) => row.getByRole('gridcell').first();
const TAU2_RUN = path.resolve(
  import.meta.dirname,
  '../engine/import/formats/fixtures/tau2-text-run',
);

test('facets, full-text search, ranges and sorting narrow the explorer as the API does', async ({
  page,
}) => {
  const all = await api('listTrajectories', { limit: 1 });
  await page.goto(appUrl('/trajectories'));
  await expect(count(page)).toHaveText(formatted(all.total));

  // Facet: outcome failure. The URL carries the filter.
  const failures = await api('listTrajectories', { outcome: 'failure', limit: 1 });
  await page.getByRole('checkbox', { name: 'outcome failure' }).check();
  await expect(page).toHaveURL(/#\/trajectories\?outcome=failure/);
  await expect(count(page)).toHaveText(formatted(failures.total));

  // Facet: one task, combined with the outcome.
  const facets = await api('getTrajectoryFacets', { outcome: 'failure' });
  const task = facets.facets.task_id.entries[0]?.value ?? '';
  const taskFailures = await api('listTrajectories', {
    outcome: 'failure',
    task_ids: [task],
    limit: 1,
  });
  await page.getByRole('checkbox', { name: `task ${task}` }).check();
  await expect(page).toHaveURL(new RegExp(`tasks=${task}`));
  await expect(count(page)).toHaveText(formatted(taskFailures.total));
  await page.screenshot({ path: `${SHOTS}-facets.png` });

  // Clear all, then search the text of the turns.
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(count(page)).toHaveText(formatted(all.total));
  const matching = await api('listTrajectories', { text: 'assertionerror', limit: 1 });
  expect(matching.total).toBeGreaterThan(0);
  expect(matching.total).toBeLessThan(all.total);
  await page.getByTestId('trajectory-text-search').fill('assertionerror');
  await expect(count(page)).toHaveText(formatted(matching.total));
  await expect(page).toHaveURL(/text=assertionerror/);
  await page.getByTestId('trajectory-text-search').fill('');
  await expect(count(page)).toHaveText(formatted(all.total));

  // A value range through the dialog.
  const short = await api('listTrajectories', {
    ranges: { n_turns: { max: 12 } },
    limit: 1,
  });
  await page.getByTestId('range-filters').click();
  await page.getByRole('textbox', { name: 'Turns max' }).fill('12');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(/n_turns=\.\.12/);
  await expect(count(page)).toHaveText(formatted(short.total));
  await expect(page.getByTestId('active-filters')).toContainText('Turns ≤ 12');

  // Sorting by reward, highest first, on the server.
  const best = await api('listTrajectories', {
    ranges: { n_turns: { max: 12 } },
    sort: 'reward',
    descending: true,
    limit: 1,
  });
  await page.getByRole('button', { name: 'reward' }).click();
  await expect(idCell(page.getByTestId('trajectory-row').first())).toHaveAttribute(
    'title',
    best.rows[0]?.trajectory_id ?? 'missing',
  );
  await page.screenshot({ path: `${SHOTS}-range-sorted.png` });
});

test('saved filters, deep links and j/k/Enter', async ({ page }) => {
  const successes = await api('listTrajectories', {
    outcome: 'success',
    ranges: { n_actions: { min: 3 } },
    limit: 2,
  });
  // A deep link opens the explorer already filtered.
  await page.goto(appUrl('/trajectories?outcome=success&n_actions=3..'));
  await expect(count(page)).toHaveText(formatted(successes.total));

  // Save it, go to the unfiltered list, and apply it again.
  await page.getByTestId('saved-filters').click();
  await page.getByRole('menuitem', { name: 'Save current filter…' }).click();
  await page.getByTestId('save-filter-name').fill('long successes');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.goto(appUrl('/trajectories'));
  await page.getByTestId('saved-filters').click();
  await page.getByTestId('saved-filter').filter({ hasText: 'long successes' }).click();
  await expect(page).toHaveURL(/outcome=success/);
  await expect(count(page)).toHaveText(formatted(successes.total));
  const saved = await api('listSavedFilters', {});
  expect(saved.filters.map((f) => f.name)).toContain('long successes');

  // j j k selects the second row... then Enter opens it (sorted by id, as the API's default).
  const ordered = await api('listTrajectories', {
    outcome: 'success',
    ranges: { n_actions: { min: 3 } },
    sort: 'trajectory_id',
    limit: 2,
  });
  await page.getByRole('button', { name: 'trajectory_id' }).click(); // already by id: reverse
  await page.getByRole('button', { name: 'trajectory_id' }).click(); // back to ascending
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await expect(idCell(page.locator('[role="row"][aria-selected="true"]'))).toHaveAttribute(
    'title',
    ordered.rows[1]?.trajectory_id ?? 'missing',
  );
  await page.screenshot({ path: `${SHOTS}-keyboard.png` });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/trajectory\//);
  expect(decodeURIComponent(page.url())).toContain(ordered.rows[1]?.trajectory_id ?? 'missing');
  // Back returns to the filtered explorer.
  await page.goBack();
  await expect(count(page)).toHaveText(formatted(successes.total));
});

test('with two datasets: short ids, sort in the URL, a visible selection', async ({ page }) => {
  // tau2's run folder (a committed fixture): import.spec imports the tau-bench sample through the
  // dialog later and needs it not imported yet.
  const tau = await importFiles([TAU2_RUN], 'tau2-telecom');
  await page.setViewportSize({ width: 1440, height: 900 });
  const byTurns = await api('listTrajectories', {
    sort: 'n_turns',
    descending: true,
    limit: 1,
  });
  const longest = byTurns.rows[0]?.trajectory_id ?? 'missing';
  await page.goto(appUrl('/trajectories'));
  await page.getByRole('button', { name: 'turns' }).click();
  await expect(page).toHaveURL(/sort=n_turns&desc=1/);
  const first = idCell(page.getByTestId('trajectory-row').first());
  await expect(first).toHaveAttribute('title', longest);
  // The dataset column says where a row comes from; the id cell shows only the rest.
  await expect(first).toHaveText(longest.slice(longest.indexOf(':') + 1));

  // A reload keeps the order from the URL.
  await page.reload();
  await expect(page).toHaveURL(/sort=n_turns&desc=1/);
  await expect(idCell(page.getByTestId('trajectory-row').first())).toHaveAttribute(
    'title',
    longest,
  );

  // The tau-bench rows, prefixed with their dataset, are shown without it.
  await page.goto(appUrl(`/trajectories?datasets=${encodeURIComponent(tau)}&sort=trajectory_id`));
  const tauCell = idCell(page.getByTestId('trajectory-row').first());
  await expect(tauCell).toHaveAttribute('title', new RegExp(`^${tau}:`));
  await expect(tauCell).not.toContainText(`${tau}:`);

  // The keyboard-selected row is clearly tinted, unlike its neighbours.
  await page.goto(appUrl('/trajectories?sort=trajectory_id'));
  await expect(page.getByTestId('trajectory-row').first()).toBeVisible();
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  const selected = page.locator('[role="row"][aria-selected="true"]');
  await expect(selected).toHaveAttribute('data-row-index', '1');
  const fill = (row: Locator) => row.evaluate((el) => getComputedStyle(el).backgroundColor);
  const other = page.locator('[data-testid="trajectory-row"][data-row-index="3"]');
  expect(await fill(selected)).not.toBe(await fill(other));
  expect(await fill(selected)).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
  await page.screenshot({ path: `${SHOTS}-two-datasets.png` });
});
