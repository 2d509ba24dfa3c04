// What a cold load of the explorer evaluates: only what its first screen shows. Dialogs, other
// pages, ECharts, Monaco and the API table's schemas (every method's zod objects, built when the
// module runs) come later, when they are used; each one loaded at start costs the first row time
// (docs/performance.md, "App start").
import { expect, test } from '@playwright/test';
import { appUrl } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

/** A string only the API table (shared/api.ts) holds: its getTrajectory range check. */
const API_TABLE_MARKER = 'turns.to is before turns.from';
const LATER = ['ImportDialog', 'ApiKeysDialog', 'AnnotatorDialog', 'EChart', 'Monaco', 'Page-'];

test("the explorer's first load carries only what its first screen shows", async ({ page }) => {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(new URL(response.url()).pathname.split('/').pop() ?? '', response.text());
  });
  await page.goto(appUrl('/trajectories'));
  await expect(page.getByTestId('trajectory-row').first()).toBeVisible();
  const names = [...scripts.keys()];
  expect(names.filter((name) => name.startsWith('TrajectoriesPage-'))).toHaveLength(1);
  const early = names.filter(
    (name) => !name.startsWith('TrajectoriesPage-') && LATER.some((part) => name.includes(part)),
  );
  expect(early).toEqual([]);
  for (const [name, text] of scripts) {
    expect((await text).includes(API_TABLE_MARKER), `${name} holds the API table`).toBe(false);
  }

  // Each dialog still opens, its code loaded on the way.
  await page.getByTestId('annotator-control').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('link', { name: 'Datasets' }).click();
  await page.getByTestId('import-open').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect([...scripts.keys()].some((name) => name.startsWith('ImportDialog-'))).toBe(true);
});
