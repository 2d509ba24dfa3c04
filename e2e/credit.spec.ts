import { expect, test } from '@playwright/test';
import { api, appUrl, defined } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

test('credit panel: parameters change the trajectory and dataset credit at once; store keeps it', async ({
  page,
}) => {
  const list = await api('listTrajectories', {
    dataset_id: 'demo',
    outcome: 'failure',
    limit: 1,
  });
  const target = defined(list.rows[0], 'a failed demo trajectory');
  await page.goto(appUrl(`/trajectory/${encodeURIComponent(target.trajectory_id)}`));
  const panel = page.getByTestId('credit-panel');
  // The first preview computes the whole dataset's credit (segments included): allow for it.
  await expect(panel.getByTestId('credit-segment')).toHaveCount(target.n_actions, {
    timeout: 20_000,
  });
  await expect(panel.getByTestId('credit-quality')).toContainText(
    'AUROC of the score vs success 0.',
  );
  const score = panel.getByTestId('credit-score');
  await expect(score).toContainText('Progress score -');
  const before = await score.textContent();

  // The step aggregation changes the progress score shown for this trajectory.
  await panel.getByLabel('Step aggregation').click();
  await page.getByRole('option', { name: 'sum' }).click();
  await expect(score).not.toHaveText(defined(before, 'the score text'));

  // λ moves the role bonus: with no labels the bonus stays 0, so the totals equal A outcome.
  const slider = panel.getByRole('slider', { name: /λ/ });
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(panel.getByText('λ (role bonus weight): 0.25')).toBeVisible();
  await page.screenshot({ path: 'test-results/credit-panel.png', fullPage: true });

  await panel.getByRole('button', { name: 'Store for the dataset' }).click();
  await expect(panel.getByText('Stored')).toBeVisible();
  const stats = await api('getCreditStats', { dataset_id: 'demo' });
  expect(stats.params).toMatchObject({ step_agg: 'sum', lambda: 0.25 });
  expect(stats.segments).toBeGreaterThan(0);

  // Labeled segments put the three credit signals side by side on the dataset page.
  for (const [segment_index, role_label] of [
    [0, 'useful_exploration'],
    [1, 'regression'],
  ] as const) {
    await api('setLabel', { trajectory_id: target.trajectory_id, segment_index, role_label });
  }
  await page.goto(appUrl('/dataset/demo'));
  const agreement = page.getByTestId('credit-agreement');
  await expect(agreement).toContainText('Credit signals on 2 labeled segments');
  await expect(agreement.getByText(/Spearman role vs progress/)).toBeVisible();
  await expect(agreement.locator('canvas')).toHaveCount(1);
});

test('group page: the turn tree shows where rollouts part ways, with their values', async ({
  page,
}) => {
  await page.goto(appUrl('/group/repair-000-g'));
  const tree = page.getByTestId('turn-tree');
  await expect(tree).toContainText('Turn tree: 8 rollouts');
  const branches = tree.getByTestId('turn-tree-branch');
  expect(await branches.count()).toBeGreaterThan(1);
  await expect(tree.getByRole('columnheader', { name: 'branch adv.' })).toBeVisible();
  // Each branch point names a real turn, and its continuations read differently: the action
  // with the arguments that tell the siblings apart.
  const rows = await branches.evaluateAll((cells) =>
    cells.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent ?? '')),
  );
  const points: string[][] = [];
  for (const [after = '', continuation = ''] of rows) {
    expect(after).not.toContain('#-1');
    if (after !== '') {
      expect(after).toMatch(/^(turn \d+|the start) \(p /);
      points.push([]);
    }
    points.at(-1)?.push(continuation);
  }
  for (const siblings of points) expect(new Set(siblings).size).toBe(siblings.length);
  expect(rows.some(([, continuation]) => /\w+\(\w+=/.test(continuation ?? ''))).toBe(true);
  await tree.screenshot({ path: 'test-results/turn-tree-branches.png' });
});
