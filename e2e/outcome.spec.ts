import { expect, test } from '@playwright/test';
import { samplePath } from '../engine/testing/test-support';
import { apiAs, appUrl, importFiles } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

const successes = async (dataset: string) =>
  (
    await apiAs<{ rows: { n: number }[] }>('runSql', {
      sql: `SELECT count(*) FILTER (WHERE success) AS n FROM trajectories WHERE dataset_id = '${dataset}'`,
    })
  ).rows[0]?.n;

test('a dataset outcome rule is previewed, applied and reset from the dataset page', async ({
  page,
}) => {
  // NeMo Gym states no success of its own: its binary rewards decide by default.
  const dataset = await importFiles(
    [samplePath('nemo-gym', 'example_single_tool_call.example_rollouts.jsonl')],
    'gym-outcome',
  );
  expect(await successes(dataset)).toBe(5);
  await page.goto(appUrl(`/dataset/${dataset}`));
  const card = page.getByTestId('outcome-rule');
  await expect(card).toContainText('default');
  await expect(page.getByTestId('outcome-rule-counts')).toHaveText(
    'Now: 5 success, 0 failure, 0 unknown.',
  );

  await page.getByTestId('outcome-rule-input').fill('reward > 1');
  await page.getByTestId('outcome-rule-preview').click();
  await expect(page.getByTestId('outcome-rule-counts')).toHaveText(
    'With this rule: 0 success, 5 failure, 0 unknown.',
  );
  expect(await successes(dataset)).toBe(5); // a preview changes nothing
  await page.getByTestId('outcome-rule-apply').click();
  await expect(page.getByTestId('outcome-rule-counts')).toHaveText(
    'Now: 0 success, 5 failure, 0 unknown.',
  );
  expect(await successes(dataset)).toBe(0);
  await expect(page.getByTestId('trajectory-row').first()).toContainText('failure');

  await page.getByTestId('outcome-rule-input').fill("read_text('/etc/passwd') IS NOT NULL");
  await page.getByTestId('outcome-rule-apply').click();
  await expect(card.getByTestId('error-alert')).toContainText('outcome rule refused');
  expect(await successes(dataset)).toBe(0);

  await card.getByRole('button', { name: 'Use default' }).click();
  await expect(page.getByTestId('outcome-rule-counts')).toHaveText(
    'Now: 5 success, 0 failure, 0 unknown.',
  );
  expect(await successes(dataset)).toBe(5);
  await page.screenshot({ path: 'test-results/outcome-rule.png' });
});
