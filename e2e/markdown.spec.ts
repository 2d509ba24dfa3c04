// Message text as safe Markdown: a real tau-bench assistant reply reads with its bold and lists,
// a per-turn raw toggle shows the exact stored text, links open only on a click in a new tab
// without opener or referrer, remote images are never requested and inline images are shown.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { samplePath } from '../engine/testing/test-support';
import { apiAs, appUrl, defined, importFiles } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

const LOADED = { timeout: 30_000 };
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const LINKS = [
  '## Links and images',
  '',
  'Read the [guide](https://docs.example.test/guide?x=1) first.',
  'A [script link](javascript:window.__pwned=1) stays text.',
  '',
  '![remote pixel](https://evil.example/pixel.png) ![dot](' + PNG + ')',
  '',
  '| tool | calls |',
  '|:-----|------:|',
  '| bash | 3 |',
  '',
  '```python',
  'def f():',
  '    return 1',
  '```',
].join('\n');

let tauDataset = '';

async function open(page: Page, id: string, turn: number) {
  await page.goto(appUrl(`/trajectory/${encodeURIComponent(id)}?turn=${turn}`));
  const card = page.locator(`#turn-${turn}`);
  await expect(card).toBeInViewport(LOADED);
  return card;
}

/** Requests this page makes to a host other than this machine, and CSP violations. */
function leaks(page: Page): string[] {
  const leaked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) leaked.push(message.text());
  });
  page.on('request', (request) => {
    const { hostname } = new URL(request.url());
    if (hostname !== '127.0.0.1' && hostname !== 'localhost') leaked.push(request.url());
  });
  return leaked;
}

test.beforeAll(async () => {
  tauDataset = await importFiles(
    [samplePath('tau-bench', 'gpt-4o-airline.subset4.json')],
    'markdown-tau',
  );
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'turnwise-markdown-')), 'links.jsonl');
  const record = {
    trajectory_id: 'links',
    task_id: 'markdown',
    messages: [
      { role: 'user', content: 'Where is the guide?' },
      { role: 'assistant', content: LINKS },
    ],
  };
  writeFileSync(file, JSON.stringify(record) + '\n');
  await importFiles([file], 'markdown-links');
});

test('a tau-bench reply renders its Markdown, and raw shows the stored text', async ({
  page,
}, testInfo) => {
  const { rows } = await apiAs<{
    rows: { trajectory_id: string; turn_index: number; content: string }[];
  }>('runSql', {
    sql: `SELECT trajectory_id, turn_index, content FROM turns
            WHERE role = 'assistant' AND content LIKE '%- **%'
              AND trajectory_id IN (SELECT trajectory_id FROM trajectories
                                    WHERE dataset_id = '${tauDataset}')
            ORDER BY trajectory_id, turn_index LIMIT 1`,
  });
  const reply = defined(rows[0], 'a tau-bench reply with a bold list');
  const card = await open(page, reply.trajectory_id, reply.turn_index);
  const content = card.getByTestId('turn-content');
  await expect(content).toHaveAttribute('data-markdown', 'true');
  // The first bold list label, as the model wrote it between the asterisks.
  const label = defined(/- \*\*(.+?)\*\*/.exec(reply.content)?.[1], 'a bold label');
  await expect(content.locator('li strong').first()).toHaveText(label);
  await expect(content).not.toContainText('**');
  await card.screenshot({ path: testInfo.outputPath('markdown-tau.png') });

  const toggle = card.getByTestId('turn-raw-toggle');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(content.locator('strong')).toHaveCount(0);
  await expect(content).toContainText(`- **${label}**`);
  await card.screenshot({ path: testInfo.outputPath('markdown-tau-raw.png') });
  // Only that turn switched: other replies still show Markdown.
  await expect(page.locator('[data-markdown="true"]').first()).toBeVisible();

  await toggle.click();
  await expect(content.locator('li strong').first()).toHaveText(label);
});

test('links open on a click in a new tab, remote images are never loaded', async ({
  page,
}, testInfo) => {
  const leaked = leaks(page);
  const id = 'markdown-links:links';
  const card = await open(page, id, 1);
  const content = card.getByTestId('turn-content');
  await expect(content.locator('h2')).toHaveText('Links and images');
  await expect(content.getByTestId('code-block')).toHaveAttribute('data-language', 'python');
  // Column alignment is a style the CSP allows (set through the DOM, not an inline attribute).
  await expect(content.locator('td').last()).toHaveCSS('text-align', 'right');
  await expect(content.getByTestId('markdown-image-placeholder')).toHaveText(
    '[image: remote pixel — remote images are not loaded] https://evil.example/pixel.png',
  );
  const dot = content.getByTestId('markdown-image');
  await expect(dot).toHaveAttribute('alt', 'dot');
  expect(await dot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  // javascript: is text, and nothing in the page carries a URL to follow.
  await expect(content.getByTestId('markdown-link')).toHaveCount(1);
  await expect(content).toContainText('A script link stays text.');
  await expect(
    page.locator('[href*="example.test"], [href^="javascript:"], [src*="evil"]'),
  ).toHaveCount(0);
  await card.screenshot({ path: testInfo.outputPath('markdown-links.png') });

  // The new tab is answered here, so no request leaves the machine.
  const referers: (string | undefined)[] = [];
  await page.context().route('https://docs.example.test/**', (route) => {
    referers.push(route.request().headers()['referer']);
    return route.fulfill({ contentType: 'text/html', body: '<title>guide</title>' });
  });
  const opened = page.context().waitForEvent('page');
  await content.getByTestId('markdown-link').click();
  const tab = await opened;
  await tab.waitForLoadState();
  expect(tab.url()).toBe('https://docs.example.test/guide?x=1');
  expect(await tab.evaluate(() => window.opener)).toBeNull();
  expect(referers).toEqual([undefined]);
  // The app stayed where it was.
  expect(page.url()).toContain(`#/trajectory/${encodeURIComponent(id)}`);
  await tab.close();
  expect(leaked).toEqual([]);
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned),
  ).toBeUndefined();
});
