// The import dialog on a coding agent's session, as a researcher would bring one: a real Claude
// Code 1.0.108 session whose sub-agent (Task) sidechains become linked trajectories. The dialog
// names the format, lists the layouts it reads with the versions checked, and imports it.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { appUrlAt } from './api';
import { ownWorkspace } from './own-workspace';

const FIXTURES = path.resolve(import.meta.dirname, '../engine/import/formats/fixtures');
const SESSION = path.join(FIXTURES, 'claude-code', '5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl');
const workspace = ownWorkspace('coding-agents');
let url: URL;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const codex = path.join(FIXTURES, 'codex-cli');
  workspace.turnwise('import', codex, '--db', workspace.db, '--dataset', 'codex');
  url = await workspace.serve();
});

test.afterAll(() => workspace.dispose());

test('import dialog: a Claude Code session with sidechains, its layouts listed', async ({
  page,
}) => {
  await page.goto(appUrlAt(url));
  await page.getByTestId('import-open').click();
  await page.getByTestId('import-paths').fill(SESSION);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('import-preview')).toContainText('claude-code');

  await page.getByRole('button', { name: /Show the \d+ formats auto-detect reads/ }).click();
  const layouts = page.getByTestId('format-layouts');
  await expect(layouts).toContainText('<session>.jsonl with inline sidechains');
  await expect(layouts).toContainText('(checked: Claude Code 1.0.108)');
  await expect(layouts).toContainText('(checked: Gemini CLI 0.61.0');
  await page.screenshot({ path: 'test-results/import-coding-agents.png' });

  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-done')).toContainText('Imported 3 trajectories');
  await page.getByRole('link', { name: 'Open dataset' }).click();
  await expect(page.getByTestId('trajectory-row')).toHaveCount(3);
});
