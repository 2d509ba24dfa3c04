// A corpus of hostile trajectories (script tags, event handlers, javascript: and data: URLs, SVG
// scripts, remote images and links, ANSI and control characters, right-to-left overrides, a 1 MB
// line) in every place content can sit: each view shows it as literal text, nothing executes, no
// dialog opens and no request leaves for another host.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { api, appUrl, waitForJob } from './api';
import { openSqlEditor, typeQuery } from './sql-editor';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

const LOADED = { timeout: 30_000 };
const DATASET = 'hostile-corpus';
const SHOTS = process.env.TURNWISE_SHOTS ?? 'test-results/hostile';

const SCRIPT = `<script>window.__pwned = 'script'</script>`;
const PAYLOADS = [
  SCRIPT,
  `<img src=x onerror="window.__pwned = 'img'; alert(1)">`,
  `<a href="javascript:window.__pwned = 'href'">click me</a> [md link](javascript:alert(1))`,
  `<iframe src="data:text/html,<script>parent.__pwned = 'iframe'</script>"></iframe>`,
  `<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned = 'svg'"><script>window.__pwned = 'svg-script'</script></svg>`,
  `![pixel](http://evil.example/pixel.png) [exfil](http://evil.example/?q=1) <img src="https://evil.example/i.png">`,
  `<link rel="stylesheet" href="http://evil.example/s.css"><style>@import url(http://evil.example/x.css); body { background: url(http://evil.example/bg.png) }</style>`,
  `<object data="data:image/svg+xml,<svg onload=alert(1)>"></object><embed src="javascript:alert(1)">`,
  `ANSI \u001b[31mred\u001b[0m \u001b]8;;http://evil.example\u0007link\u001b]8;;\u0007 bell\u0007 nul\u0000 bs\b`,
  `RTL \u202Egnp.exe\u202C and \u2066isolate\u2069 zero\u200Bwidth`,
];

/** One trajectory per payload, the payload in every field that holds content. */
function hostileRecord(payload: string, k: number) {
  return {
    trajectory_id: `t${k}`,
    task_id: 'hostile',
    reward: k % 2,
    success: k % 2 === 1,
    metadata: { note: payload, nested: { html: payload } },
    messages: [
      { role: 'system', content: payload },
      { role: 'user', content: payload },
      {
        role: 'assistant',
        content: payload,
        reasoning: payload,
        tool_calls: [
          {
            id: 'c1',
            type: 'function',
            function: { name: 'run', arguments: JSON.stringify({ cmd: payload }) },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: payload },
      { role: 'assistant', content: `Done: ${payload}` },
    ],
  };
}

interface Seen {
  dialogs: string[];
  remote: string[];
  blocked: string[];
}

/** Records dialogs, requests to a host other than this machine, and CSP violations. */
function guard(page: Page): Seen {
  const seen: Seen = { dialogs: [], remote: [], blocked: [] };
  // The CSP stops most loads before any request exists: a violation means hostile markup was live.
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.blocked.push(message.text());
  });
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
    if (url.protocol === 'javascript:' || (/^(https?|wss?):$/.test(url.protocol) && !local)) {
      seen.remote.push(request.url());
    }
  });
  return seen;
}

async function expectNothingRan(page: Page, seen: Seen) {
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned),
  ).toBeUndefined();
  expect(
    await page.evaluate(() => (parent as unknown as { __pwned?: unknown }).__pwned),
  ).toBeUndefined();
  const injected = page.locator(
    'body script, iframe, object, embed, [href^="javascript:"], [src*="evil.example"], [href*="evil.example"], [onerror], [onload]',
  );
  expect(await injected.count()).toBe(0);
  expect(seen.dialogs).toEqual([]);
  expect(seen.remote).toEqual([]);
  expect(seen.blocked).toEqual([]);
}

test.beforeAll(async () => {
  const records = PAYLOADS.map(hostileRecord);
  // A 1 MB single line in a tool result, with a script at its end.
  const huge = hostileRecord(`${'A'.repeat(1_000_000)}${SCRIPT}`, PAYLOADS.length);
  records.push(huge);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'turnwise-hostile-')), 'hostile.jsonl');
  writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const job = await waitForJob(await api('startImport', { paths: [file], dataset: DATASET }));
  expect(job.error).toBeNull();
});

test('every hostile trajectory renders its payload as literal text, inertly', async ({ page }) => {
  test.setTimeout(240_000);
  const seen = guard(page);
  for (const [k, payload] of PAYLOADS.entries()) {
    const id = `${DATASET}:t${k}`;
    await page.goto(appUrl(`/trajectory/${encodeURIComponent(id)}`));
    await expect(page.getByTestId('turn').first()).toBeVisible(LOADED);
    // Open the collapsed places too: the metadata panel and the reasoning.
    await page.getByText('Metadata', { exact: true }).click();
    await page
      .getByText(/Reasoning \(/)
      .first()
      .click();
    // The first line of the payload, as typed (control characters aside).
    const control = [...payload].findIndex((c) => c < ' ');
    const literal = (control < 0 ? payload : payload.slice(0, control)).slice(0, 40);
    await expect(page.getByText(literal, { exact: false }).first()).toBeVisible();
    if (k === 0) {
      await expect(page.getByText('<script>', { exact: false }).first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}-script.png`, fullPage: true });
    }
    await expectNothingRan(page, seen);
  }
  const huge = `${DATASET}:t${PAYLOADS.length}`;
  await page.goto(appUrl(`/trajectory/${encodeURIComponent(huge)}`));
  await expect(page.getByTestId('turn').first()).toBeVisible(LOADED);
  await page.screenshot({ path: `${SHOTS}-huge.png` });
  await expectNothingRan(page, seen);
});

test('the explorer, diff and SQL views show hostile content inertly', async ({ page }) => {
  test.setTimeout(180_000);
  const seen = guard(page);
  await page.goto(appUrl('/trajectories'));
  await expect(page.getByTestId('trajectory-row').first()).toBeVisible(LOADED);
  await page.getByTestId('trajectory-text-search').fill('pwned');
  await expect(page.getByTestId('trajectory-row').first()).toBeVisible(LOADED);
  await expectNothingRan(page, seen);

  await page.goto(
    appUrl(`/diff/${encodeURIComponent(`${DATASET}:t0`)}/${encodeURIComponent(`${DATASET}:t1`)}`),
  );
  await expect(page.getByText('<script>', { exact: false }).first()).toBeVisible(LOADED);
  await expectNothingRan(page, seen);

  await page.goto(appUrl('/sql'));
  await openSqlEditor(page);
  await typeQuery(
    page,
    `SELECT content, reasoning, tool_calls FROM turns WHERE content LIKE '%pwned%'`,
  );
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('sql-result-row').first()).toBeVisible(LOADED);
  await expect(
    page.getByTestId('sql-result').getByText('<script>', { exact: false }).first(),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-sql.png` });
  await expectNothingRan(page, seen);
});
