import { expect, test } from '@playwright/test';
import { api, appUrl, defined } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

interface Turn {
  turn_index: number;
  role: string;
  content: string;
  content_length: number;
  tool_calls: { name: string; arguments: string }[];
}

const norm = (text: string) => text.replace(/[\t\n\v\f\r ]+/g, ' ').trim();
const sameTurn = (x: Turn, y: Turn) =>
  x.role === y.role &&
  x.content_length === y.content_length &&
  norm(x.content) === norm(y.content) &&
  JSON.stringify(x.tool_calls.map((c) => [c.name, c.arguments])) ===
    JSON.stringify(y.tool_calls.map((c) => [c.name, c.arguments]));

async function turnsOf(id: string): Promise<Turn[]> {
  return (await api('getTrajectory', { trajectory_id: id })).turns;
}

test('diff: a success and a failure of one demo task, aligned, first divergence highlighted', async ({
  page,
}) => {
  const group = await api('listTrajectories', {
    group_id: 'repair-000-g',
    limit: 50,
  });
  const success = defined(
    group.rows.find((t) => t.success === true),
    'a successful rollout of repair-000',
  );
  const failure = defined(
    group.rows.find((t) => t.success === false),
    'a failed rollout of repair-000',
  );
  // The runs share a prefix (system, user, first steps); the diff must mark the turn after it.
  const [turnsA, turnsB] = await Promise.all([
    turnsOf(success.trajectory_id),
    turnsOf(failure.trajectory_id),
  ]);
  let prefix = 0;
  while (
    prefix < Math.min(turnsA.length, turnsB.length) &&
    sameTurn(defined(turnsA[prefix], 'turn A'), defined(turnsB[prefix], 'turn B'))
  ) {
    prefix += 1;
  }
  expect(prefix).toBeGreaterThanOrEqual(2);
  expect(prefix).toBeLessThan(Math.min(turnsA.length, turnsB.length));

  // Reached the way a user would: "Compare with…" on the successful rollout's page.
  await page.goto(appUrl(`/trajectory/${encodeURIComponent(success.trajectory_id)}`));
  await page.getByRole('button', { name: 'Compare with…' }).click();
  await page.getByRole('menuitem', { name: new RegExp(failure.trajectory_id) }).click();
  await expect(page).toHaveURL(
    new RegExp(
      `#/diff/${encodeURIComponent(success.trajectory_id)}/${encodeURIComponent(failure.trajectory_id)}$`,
    ),
  );

  await expect(page.getByTestId('diff-side-A')).toContainText(success.trajectory_id);
  await expect(page.getByTestId('diff-side-A')).toContainText('success');
  await expect(page.getByTestId('diff-side-B')).toContainText(failure.trajectory_id);
  await expect(page.getByTestId('diff-side-B')).toContainText('failure');

  const first = page.getByTestId('diff-first-divergence');
  await expect(first).toHaveCount(1);
  await expect(first).toContainText('First divergence');
  await expect(first).toHaveAttribute('data-row', String(prefix));
  // The row holds turn #prefix of A, of B, or of both (the other side may be a gap: a step
  // one run took and the other skipped).
  const cellIndices = await first
    .getByTestId('diff-turn')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-turn-index')));
  expect(cellIndices.length).toBeGreaterThanOrEqual(1);
  expect(cellIndices.every((index) => index === String(prefix))).toBe(true);
  await expect(first).toBeInViewport();
  await expect(page.getByTestId('diff-summary')).toContainText(`turn ${prefix} in`);

  // The shared prefix folds, except the step right before the divergence; it unfolds on click.
  const fold = page.getByTestId('diff-fold').first();
  await expect(fold).toHaveText(`▸ ${prefix - 1} identical steps`);
  await page.screenshot({ path: 'test-results/diff.png' });
  // The app shell scrolls its main area, not the document: scroll back to the header to see it.
  await page.getByTestId('diff-side-A').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/diff-header.png' });
  await fold.click();
  await expect(page.locator('[data-testid="diff-row"][data-row="0"]')).toBeVisible();
  await expect(page.locator('[data-testid="diff-row"][data-row="0"]')).toHaveAttribute(
    'data-kind',
    'same',
  );

  // Every turn of both sides appears exactly once, in order, across the rows.
  const indices = async (side: 'A' | 'B') =>
    page
      .getByTestId('diff-table')
      .getByRole('region', { name: new RegExp(`^${side}: turn`) })
      .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-turn-index'))));
  // Unfold any remaining run (e.g. an identical ending) before counting.
  while ((await page.getByTestId('diff-fold').count()) > 0) {
    await page.getByTestId('diff-fold').first().click();
  }
  expect(await indices('A')).toEqual(turnsA.map((t) => t.turn_index));
  expect(await indices('B')).toEqual(turnsB.map((t) => t.turn_index));

  // Swapping the sides keeps the divergence on the same row.
  await page.getByRole('link', { name: 'Swap sides' }).click();
  await expect(page.getByTestId('diff-side-A')).toContainText(failure.trajectory_id);
  await expect(page.getByTestId('diff-first-divergence')).toHaveAttribute(
    'data-row',
    String(prefix),
  );
});
