import { expect, test } from '@playwright/test';
import { samplePath } from '../engine/testing/test-support';
import { api, apiAs, appUrl, importFiles } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

async function firstTrajectory(dataset: string): Promise<{ id: string; replies: number }> {
  const { rows } = await apiAs<{ rows: { trajectory_id: string; replies: number }[] }>('runSql', {
    sql: `SELECT trajectory_id, count(*) FILTER (WHERE role = 'assistant') AS replies
          FROM turns WHERE trajectory_id IN (SELECT trajectory_id FROM trajectories
                                             WHERE dataset_id = '${dataset}')
          GROUP BY 1 ORDER BY 1 LIMIT 1`,
  });
  const row = rows[0] as { trajectory_id: string; replies: number };
  return { id: row.trajectory_id, replies: Number(row.replies) };
}

test('a dialogue dataset labels every reply, and its segmentation is chosen on its page', async ({
  page,
}) => {
  const dataset = await importFiles(
    [samplePath('tau-bench', 'gpt-4o-airline.subset4.json')],
    'tau-steps',
  );
  const { id, replies } = await firstTrajectory(dataset);

  await page.goto(appUrl(`/dataset/${dataset}`));
  const card = page.getByTestId('segmentation');
  await expect(card).toContainText('The default is turn (tau-bench records are dialogues)');
  await expect(card.getByText('default', { exact: true })).toBeVisible();

  // Under the default every assistant reply is a step of the labeling panel.
  await page.goto(appUrl(`/trajectory/${encodeURIComponent(id)}`));
  await expect(page.getByTestId('segment-row')).toHaveCount(replies);

  // Choosing action on the dataset page leaves only the tool-calling replies.
  await page.goto(appUrl(`/dataset/${dataset}`));
  await card.getByRole('combobox').click();
  await page.getByRole('option', { name: /^action:/ }).click();
  await card.getByTestId('segmentation-save').click();
  await expect(card.getByText('default', { exact: true })).toHaveCount(0);
  const stored = await api('getDatasetSegmentation', {
    dataset_id: dataset,
  });
  expect(stored.segmentation).toBe('action');
  await page.goto(appUrl(`/trajectory/${encodeURIComponent(id)}`));
  await expect(page.getByTestId('segment-row').first()).toBeVisible();
  const actions = await page.getByTestId('segment-row').count();
  expect(actions).toBeLessThan(replies);
  await page.screenshot({ path: 'test-results/segmentation.png' });

  await page.goto(appUrl(`/dataset/${dataset}`));
  await card.getByRole('button', { name: 'Use default' }).click();
  await expect(card.getByText('default', { exact: true })).toBeVisible();
});
