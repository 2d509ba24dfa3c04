// Typing into the SQL console's editor as a user would.
import { expect, type Page } from '@playwright/test';

/**
 * Opens the full editor: it loads when the plain textarea is first focused. Monaco is a
 * multi-megabyte lazy chunk; on a busy 2-core machine it can take a while.
 */
export async function openSqlEditor(page: Page) {
  await page.getByTestId('sql-plain').click();
  await expect(page.getByTestId('sql-editor').locator('.monaco-editor')).toBeVisible({
    timeout: 30_000,
  });
}

/** Replaces the editor's text by typing, as a user would (Monaco needs a per-key delay). */
export async function typeQuery(page: Page, sql: string) {
  await page.getByTestId('sql-editor').locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(sql, { delay: 25 });
  await page.keyboard.press('Escape'); // close any open suggestion list
}
