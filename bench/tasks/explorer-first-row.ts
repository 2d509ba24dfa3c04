// The app's cold start in browser mode: the demo workspace served by `turnwise serve`, a new
// browser context each time (nothing cached), `#/trajectories` loaded, and the time from the
// navigation's start until the first explorer row is in the DOM and painted; beside it, the
// same for the app shell (the navigation) in the same loads, and the JavaScript the page loaded.
// Usage: tsx bench/tasks/explorer-first-row.ts <work dir>; the renderer is TURNWISE_RENDERER_DIR,
// else out/renderer; Chromium is TURNWISE_CHROMIUM, else /usr/bin/chromium.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ensureDemoWorkspace } from '../../scripts/demo-workspace';
import { argument, measure } from './measure';
import { serveWorkspace } from './serve-workspace';
import { median, roundMs, WARM_RUNS } from './timing';

const dir = argument(0, 'work directory');
const root = path.resolve(import.meta.dirname, '..', '..');
const rendererDir = process.env.TURNWISE_RENDERER_DIR || path.join(root, 'out', 'renderer');
const executablePath = process.env.TURNWISE_CHROMIUM || '/usr/bin/chromium';

/**
 * Installed before the page's own scripts: records when each selector first appears, at the
 * frame it is painted in (a message posted from requestAnimationFrame is handled after the paint).
 * performance.now() counts from the navigation's start.
 */
const WATCH = `(() => {
  const seen = {};
  window.__firstPaint = seen;
  const watch = { shell: 'nav[aria-label="Main"]', row: '[data-testid="trajectory-row"]' };
  const check = () => {
    for (const [name, selector] of Object.entries(watch)) {
      if (seen[name] !== undefined || document.querySelector(selector) === null) continue;
      seen[name] = 'pending';
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => { seen[name] = performance.now(); };
        channel.port2.postMessage(null);
      });
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})()`;

mkdirSync(dir, { recursive: true });
await measure(async () => {
  const db = await ensureDemoWorkspace(path.join(dir, 'first-row.duckdb'));
  const served = await serveWorkspace(db, rendererDir);
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const rows: number[] = [];
  const shells: number[] = [];
  let scriptKb = 0;
  let serverPeakMb = 0;
  try {
    // One load first to warm the server and the workspace (not the browser: each run is cold).
    for (let run = -1; run < WARM_RUNS; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript(WATCH);
      let bytes = 0;
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        void response.body().then(
          (body) => (bytes += body.length),
          () => undefined,
        );
      });
      const url = new URL(served.url);
      url.hash = '/trajectories';
      await page.goto(url.href);
      // A function, not a string: the app's CSP forbids evaluating strings in the page.
      await page.waitForFunction(
        () =>
          typeof (globalThis as unknown as { __firstPaint: { row?: unknown } }).__firstPaint.row ===
          'number',
        undefined,
        { timeout: 60_000 },
      );
      const seen = (await page.evaluate('window.__firstPaint')) as { shell: number; row: number };
      if (run >= 0) {
        rows.push(seen.row);
        shells.push(seen.shell);
        scriptKb = Math.round(bytes / 1024);
      }
      await context.close();
    }
    serverPeakMb = served.peakRssMb();
  } finally {
    await browser.close();
    await served.stop();
  }
  return {
    first_row_ms: roundMs(median(rows)),
    shell_ms: roundMs(median(shells)),
    first_row_runs_ms: rows.map(roundMs).join(' '),
    script_kb: scriptKb,
    server_peak_rss_mb: serverPeakMb,
  };
});
