import { expect, test } from '@playwright/test';
import { apiAs, appUrl } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

interface Sql {
  rows: { n: number }[];
}

const distinctGroups = async () =>
  (
    await apiAs<Sql>('runSql', {
      sql: `SELECT count(DISTINCT group_id) AS n FROM trajectories WHERE dataset_id = 'demo'`,
    })
  ).rows[0]?.n;

test('a dataset is regrouped by a SQL expression from the UI, and reset', async ({ page }) => {
  const before = await distinctGroups();
  expect(before).toBe(24);
  await page.goto(appUrl('/dataset/demo'));
  await page.getByTestId('regroup-open').click();
  await page.getByTestId('regroup-expression').fill("metadata->>'family'");
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('regroup-preview')).toContainText('3 groups');
  await expect(page.getByTestId('regroup-preview')).toContainText('investigate');
  expect(await distinctGroups()).toBe(24); // a preview changes nothing

  await page.getByTestId('regroup-apply').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(await distinctGroups()).toBe(3);
  await expect(page.getByTestId('trajectory-row').first()).toContainText(
    /config|investigate|repair/,
  );

  await page.getByTestId('regroup-open').click();
  await page.getByTestId('regroup-expression').fill('no_such_column');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('dialog').getByTestId('error-alert')).toContainText('no_such_column');

  await page.getByRole('button', { name: 'Reset to imported grouping' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(await distinctGroups()).toBe(24);
});
