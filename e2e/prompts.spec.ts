// Judge prompt versions and annotators in Chromium: a new version written in Monaco, diffed
// against its parent, put in use and rolled back; then the annotator name set in the top bar,
// a segment labeled under it, and that annotator compared with another on the agreement page.
import { expect, test, type Page } from '@playwright/test';
import { api, appUrl } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

const SHOTS = process.env.TURNWISE_SHOTS ?? 'test-results/prompts';
// Monaco is a multi-megabyte lazy chunk; on a busy 2-core machine it can take a while.
const MONACO = { timeout: 30_000 };
const ADDED = 'Call out repeated actions as regressions.';
const TRAJECTORY = 'demo:investigate-023-s7';
const ME = 'e2e-ann';
const OTHER = 'e2e-other';

const versionRow = (page: Page, id: string) =>
  page.locator(`[data-testid="prompt-version"][data-version="${id}"]`);

test('a prompt version is written in Monaco, diffed, used and rolled back', async ({ page }) => {
  test.setTimeout(180_000);
  const before = await api('getActiveJudgePrompt', {});
  await page.goto(appUrl('/prompts'));
  await versionRow(page, before.version_id).click();
  await expect(page.getByTestId('prompt-selected')).toHaveText(before.version_id);
  const editor = page.getByTestId('prompt-editor');
  await expect(editor.locator('.monaco-editor')).toBeVisible(MONACO);
  await expect(editor.locator('.view-lines')).toContainText('You assess one step');

  // Append a line at the end of the text, typed as a user would.
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(ADDED, { delay: 15 });
  await page.getByTestId('prompt-save').click();
  await expect(page.getByTestId('prompt-selected')).not.toHaveText(before.version_id);
  const created = (await page.getByTestId('prompt-selected').textContent()) ?? '';
  const { prompts } = await api('listJudgePrompts', {});
  const saved = prompts.find((p) => p.version_id === created);
  expect(saved?.parent_version).toBe(before.version_id);
  expect(saved?.text.trimEnd().endsWith(ADDED)).toBe(true);
  await expect(versionRow(page, created)).toContainText(`from ${before.version_id}`);
  await page.screenshot({ path: `${SHOTS}-saved.png`, fullPage: true });

  // The diff against its parent shows exactly the added line.
  await page.getByTestId('prompt-tab-diff').click();
  const diff = page.getByTestId('prompt-diff');
  await expect(diff.locator('.monaco-diff-editor')).toBeVisible(MONACO);
  await expect(diff.locator('.editor.modified .view-lines')).toContainText(ADDED);
  await expect(diff.locator('.editor.original .view-lines')).not.toContainText(ADDED);
  await expect(diff.locator('.editor.modified .line-insert').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-diff.png`, fullPage: true });

  // Keep it: the version in use changes, in the list and in the workspace.
  await page.getByTestId('prompt-use').click();
  await expect(page.getByTestId('prompt-in-use')).toBeVisible();
  await expect(versionRow(page, created)).toHaveAttribute('data-active', 'true');
  expect((await api('getActiveJudgePrompt', {})).version_id).toBe(created);
  await page.screenshot({ path: `${SHOTS}-in-use.png`, fullPage: true });

  // An evaluation of the parent (scoring the labels it already has) shows beside it as evidence.
  const job = await api('startJudgeEval', {
    prompt_version: before.version_id,
  });
  await expect
    .poll(async () => (await api('getJob', { job_id: job.job_id })).status, {
      timeout: 30_000,
    })
    .toBe('succeeded');
  await page.reload();
  const parentEval = versionRow(page, before.version_id).getByTestId('prompt-eval');
  await expect(parentEval).toContainText('acc', { timeout: 30_000 });
  await expect(versionRow(page, created).getByTestId('prompt-eval')).toHaveText('not evaluated');
  await versionRow(page, created).click();
  await page.screenshot({ path: `${SHOTS}-evaluated.png`, fullPage: true });

  // Roll back to the version in use before.
  await page.getByTestId('prompt-rollback').click();
  await expect(versionRow(page, before.version_id)).toHaveAttribute('data-active', 'true');
  await expect(versionRow(page, created)).toHaveAttribute('data-active', 'false');
  expect(await api('getActiveJudgePrompt', {})).toMatchObject({
    version_id: before.version_id,
    previous_version: created,
  });
});

test('labels carry the annotator name set in the app, and two annotators are compared', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(appUrl(`/trajectory/${encodeURIComponent(TRAJECTORY)}`));
  await page.getByTestId('annotator-control').click();
  const name = page.getByTestId('annotator-input');
  await name.fill(ME);
  await page.getByTestId('annotator-save').click();
  await expect(page.getByTestId('annotator-control')).toHaveText(`Annotator: ${ME}`);

  const rows = page.getByTestId('segment-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('j');
  await page.keyboard.press('1');
  await page.keyboard.press('j');
  await page.keyboard.press('4');
  await expect(rows.nth(0)).toHaveAttribute('data-source', `human:${ME}`);
  await expect(rows.nth(1)).toHaveAttribute('data-source', `human:${ME}`);
  await expect(page.getByTestId('labeling-panel').locator('[data-pending="true"]')).toHaveCount(0);

  // A second annotator labels the same two segments, agreeing on one.
  for (const [segment_index, role_label] of [
    [0, 'decisive_progress'],
    [1, 'useful_exploration'],
  ] as const) {
    await api('setLabel', {
      trajectory_id: TRAJECTORY,
      segment_index,
      role_label,
      annotator: OTHER,
    });
  }

  await page.goto(appUrl('/annotators'));
  // The name survives the navigation (it is kept in the browser).
  await expect(page.getByTestId('annotator-control')).toHaveText(`Annotator: ${ME}`);
  await expect(page.getByRole('combobox', { name: 'Reference annotator' })).toContainText(ME);
  await page.getByRole('combobox', { name: 'Compared annotator' }).click();
  await page.getByRole('option', { name: new RegExp(`^${OTHER} `) }).click();
  const report = page.getByTestId('agreement-report');
  await expect(report).toContainText('Segments both labeled2');
  await expect(report).toContainText('Raw agreement50.0%');
  // p_o = 0.5, p_e = 0.25 (each says decisive progress once): kappa = 0.25 / 0.75.
  await expect(report).toContainText("Cohen's kappa0.33");
  await expect(page.getByTestId('confusion-regression-useful_exploration')).toHaveText('1');
  await expect(page.getByTestId('confusion-decisive_progress-decisive_progress')).toHaveText('1');
  await page.screenshot({ path: `${SHOTS}-agreement.png`, fullPage: true });
});
