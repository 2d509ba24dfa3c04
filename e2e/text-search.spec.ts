// The explorer's "text in any turn" filter on the demo workspace: the search runs as a job, its
// status line gives the count and the turns read, the rows and facets are the API's, and the
// explorer keeps the text field focused while the search is made.
import { expect, test } from '@playwright/test';
import { api, apiAs, appUrl } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

const SHOTS = process.env.TURNWISE_SHOTS ?? 'test-results/text-search';
const formatted = (n: number) => new RegExp(`^${n.toLocaleString('en-US')} trajectories`);

test('a text search reads every turn once, then the explorer shows its matches', async ({
  page,
}) => {
  const sql = await apiAs<{ rows: { n: number }[] }>('runSql', {
    sql: 'SELECT count(*)::INTEGER AS n FROM turns',
  });
  const turns = sql.rows[0]?.n ?? 0;
  await page.goto(appUrl('/trajectories'));
  await page.getByTestId('trajectory-text-search').fill('AssertionError');
  await expect(page).toHaveURL(/text=AssertionError/);
  const done = page.getByTestId('text-search-done');
  await expect(done).toBeVisible();
  const state = await api('getTextSearch', { text: 'AssertionError' });
  expect(state).toMatchObject({ status: 'complete', turns_total: turns });
  expect(state.trajectories).toBeGreaterThan(0);
  await expect(done).toHaveText(
    `${state.trajectories.toLocaleString('en-US')} trajectories have a turn containing “AssertionError” ` +
      `(${turns.toLocaleString('en-US')} turns searched).`,
  );
  // The list is the API's answer for the same filter, which now reads the search's matches.
  const list = await api('listTrajectories', { text: 'assertionerror', limit: 1 });
  expect(list.total).toBe(state.trajectories);
  await expect(page.getByTestId('trajectory-count')).toHaveText(formatted(list.total));
  // The field kept its text and focus through the search.
  await expect(page.getByTestId('trajectory-text-search')).toBeFocused();
  await expect(page.getByTestId('trajectory-text-search')).toHaveValue('AssertionError');
  await page.screenshot({ path: `${SHOTS}-done.png` });

  // A text that is in no turn: searched, and nothing listed.
  await page.getByTestId('trajectory-text-search').fill('no turn says this 8c1f');
  await expect(done).toHaveText(/^0 trajectories have a turn containing “no turn says this 8c1f”/);
  await expect(page.getByTestId('trajectory-count')).toHaveText(/^0 trajectories/);
});
