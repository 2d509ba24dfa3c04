// A transcript no message can take down (docs/security.md, "Message Markdown"): messages built to
// stall or crash the Markdown parser (8,000 nested quotes or lists, 60 KB of emphasis delimiters
// or link openers, and quadratic setext headings that pass every cap) show as plain text with a
// note, the page's thread never stalls, and the ordinary messages around them render as Markdown.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { BOMBS, SLOW_UNDER_CAPS } from '../renderer/test/markdown-bombs';
import { appUrl, importFiles } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

const LOADED = { timeout: 30_000 };
const ID = 'markdown-bombs:bombs';
const CAPPED = Object.values(BOMBS);
/** Turn indexes: the user's ask, the capped bombs, the slow one, the closing reply. */
const SLOW = CAPPED.length + 1;
const LAST = SLOW + 1;

test.beforeAll(async () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'turnwise-bombs-')), 'bombs.jsonl');
  const record = {
    trajectory_id: 'bombs',
    task_id: 'markdown-bombs',
    messages: [
      { role: 'user', content: 'Please fix the **login** bug.' },
      ...CAPPED.map((content) => ({ role: 'assistant', content })),
      { role: 'assistant', content: SLOW_UNDER_CAPS },
      { role: 'assistant', content: 'Fixed: _all_ tests pass.' },
    ],
  };
  writeFileSync(file, JSON.stringify(record) + '\n');
  await importFiles([file], 'markdown-bombs');
});

/** Records the longest gap between timer ticks of the page's thread from now on. */
async function watchStalls(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { __longestGap: number };
    w.__longestGap = 0;
    let last = performance.now();
    setInterval(() => {
      const now = performance.now();
      w.__longestGap = Math.max(w.__longestGap, now - last);
      last = now;
    }, 20);
  });
  return () => page.evaluate(() => (window as unknown as { __longestGap: number }).__longestGap);
}

async function open(page: Page, turn: number) {
  await page.goto(appUrl(`/trajectory/${encodeURIComponent(ID)}?turn=${turn}`));
  const card = page.locator(`#turn-${turn}`);
  await expect(card).toBeInViewport(LOADED);
  return card;
}

/** A card shows a 2,000-character preview; the whole message is what reaches the parser. */
async function showFull(card: Locator) {
  await card.getByTestId('turn-show-full').click();
  await expect(card.getByTestId('turn-show-full')).toHaveCount(0, LOADED);
}

test('capped bombs show as plain text with a note, the other turns as Markdown', async ({
  page,
}, testInfo) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const first = await open(page, 0);
  await expect(first.locator('strong')).toHaveText('login');
  for (const [k, bomb] of CAPPED.entries()) {
    const card = await open(page, k + 1);
    await showFull(card);
    await expect(card.getByTestId('markdown-plain-note')).toContainText(
      /Shown as plain text: .*\(the limit is [\d,]+\)/,
    );
    expect(await card.getByTestId('markdown-plain').textContent()).toBe(bomb);
    if (k === 0) await page.screenshot({ path: testInfo.outputPath('bomb-quotes.png') });
  }
  const last = await open(page, LAST);
  await expect(last.locator('em')).toHaveText('all');
  await expect(page.getByTestId('page-error')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a message that parses too slowly is cut off by the budget; the page never stalls', async ({
  page,
}, testInfo) => {
  const slow = await open(page, SLOW);
  const longestGap = await watchStalls(page);
  await showFull(slow);
  // Plain while pending, then plain for good with the reason, once the worker was ended.
  await expect(slow.getByTestId('markdown-plain-note')).toHaveText(
    'Shown as plain text: formatting it took longer than 1.5 s.',
    LOADED,
  );
  await expect(slow.getByTestId('markdown-plain')).toHaveAttribute('data-state', 'plain');
  // The closing reply still renders as Markdown.
  const last = page.locator(`#turn-${LAST}`);
  await last.scrollIntoViewIfNeeded();
  await expect(last.locator('em')).toHaveText('all', LOADED);
  // The page's thread kept ticking: the parse's seconds were spent in the worker.
  // (Laying out the 40,000 lines of plain text costs the page a few hundred ms on a busy
  // machine; parsing them there cost it minutes.)
  expect(await longestGap()).toBeLessThan(1_000);
  await page.screenshot({ path: testInfo.outputPath('bomb-transcript-end.png') });
  await slow.getByTestId('markdown-plain-note').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('bomb-slow.png') });
  // And it still answers input: the in-trajectory search finds the closing reply.
  await page.getByTestId('trajectory-search').fill('tests pass');
  await expect(last.locator('mark')).toHaveCount(1, LOADED);
});
