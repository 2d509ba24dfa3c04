// Opening a long trajectory: one of N turns (default 2,000) and, as the baseline, one of 20 from
// the same generator, imported with the real importer. Timed: getTrajectory through the engine's
// dispatch (warm median), then the first render in Chromium against `turnwise serve` — from
// setting location.hash to the trajectory until the first turn card is in the DOM and the frame
// holding it has been painted. Each open starts from the datasets page; one untimed open of each
// first, then the median of 5, the two trajectories alternating.
// Usage: tsx bench/tasks/open-trajectory.ts <work dir> [turns=2000] [baseline turns=20]
// The renderer is TURNWISE_RENDERER_DIR, else out/renderer; Chromium is TURNWISE_CHROMIUM, else
// /usr/bin/chromium. BENCH_SCREENSHOT=FILE saves a screenshot of the long trajectory at the end.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { openEngine } from '../../engine/engine';
import { engineCaller } from './engine-call';
import { longTrajectory } from './long-trajectory';
import { argument, measure } from './measure';
import { serveWorkspace } from './serve-workspace';
import { median, roundMs, WARM_RUNS, warmMedian } from './timing';

const dir = argument(0, 'work directory');
const turns = Number(process.argv[3] ?? 2000);
const baselineTurns = Number(process.argv[4] ?? 20);
const root = path.resolve(import.meta.dirname, '..', '..');
const rendererDir = process.env.TURNWISE_RENDERER_DIR || path.join(root, 'out', 'renderer');
const executablePath = process.env.TURNWISE_CHROMIUM || '/usr/bin/chromium';
if (!existsSync(path.join(rendererDir, 'index.html'))) {
  throw new Error(
    `The renderer is not built (no ${path.join(rendererDir, 'index.html')}); run ` +
      '`npx vite build` (set TURNWISE_RENDERER_DIR to build elsewhere)',
  );
}
if (!existsSync(executablePath)) {
  throw new Error(`No Chromium at ${executablePath}; set TURNWISE_CHROMIUM`);
}

/**
 * Runs in the page: sets the hash and resolves once a turn card exists and a frame has been
 * painted with it (a requestAnimationFrame callback runs before the paint; a message posted from
 * it is handled after). A string, so the bundler's helpers never leak into the page.
 */
const OPEN_AND_WAIT = `(hash) => new Promise((resolve, reject) => {
  const started = performance.now();
  const timer = setTimeout(() => reject(new Error('no turn card within 120 s')), 120000);
  const observer = new MutationObserver(() => check());
  function check() {
    if (document.querySelector('[data-testid="turn"]') === null) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        clearTimeout(timer);
        resolve({
          ms: performance.now() - started,
          cards: document.querySelectorAll('[data-testid="turn"]').length,
        });
      };
      channel.port2.postMessage(null);
    });
  }
  observer.observe(document.body, { childList: true, subtree: true });
  location.hash = hash;
})`;

async function openTrajectory(page: Page, id: string): Promise<{ ms: number; cards: number }> {
  await page.evaluate(`location.hash = '#/datasets'`);
  await page.waitForSelector('[data-testid="dataset-row"]');
  await page.waitForFunction(`document.querySelector('[data-testid="turn"]') === null`);
  const hash = `#/trajectory/${encodeURIComponent(id)}`;
  return page.evaluate(`(${OPEN_AND_WAIT})(${JSON.stringify(hash)})`);
}

mkdirSync(dir, { recursive: true });
const db = path.join(dir, 'open-trajectory.duckdb');
const input = path.join(dir, 'open-trajectory.jsonl');
rmSync(db, { force: true });
writeFileSync(
  input,
  [longTrajectory('long', turns, 7), longTrajectory('short', baselineTurns, 8)]
    .map((record) => JSON.stringify(record))
    .join('\n') + '\n',
);

await measure(async () => {
  const engine = await openEngine({ dbPath: db });
  const call = engineCaller(engine);
  const job = await call('startImport', {
    paths: [input],
    format: 'turnwise',
    dataset: 'bench',
  });
  const imported = await engine.waitForJob(job.job_id);
  if (imported.status !== 'succeeded') throw new Error(imported.error?.message ?? imported.status);
  const listed = await call('runSql', {
    sql: 'SELECT trajectory_id, n_turns FROM trajectories ORDER BY n_turns DESC',
  });
  const [long, short] = listed.rows.map((row) => ({
    id: String(row.trajectory_id),
    turns: Number(row.n_turns),
  }));
  if (long?.turns !== turns || short?.turns !== baselineTurns) {
    throw new Error(
      `imported ${JSON.stringify(listed.rows)}, expected ${turns} and ${baselineTurns} turns`,
    );
  }
  const get = (id: string) => call('getTrajectory', { trajectory_id: id });
  const apiLong = await warmMedian(() => get(long.id));
  const apiShort = await warmMedian(() => get(short.id));
  await engine.close();

  const served = await serveWorkspace(db, rendererDir);
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--enable-precise-memory-info'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${served.url}#/datasets`);
    const coldLong = await openTrajectory(page, long.id);
    const coldShort = await openTrajectory(page, short.id);
    const longRuns: number[] = [];
    const shortRuns: number[] = [];
    let cards = 0;
    let heapMb = 0;
    for (let run = 0; run < WARM_RUNS; run++) {
      const opened = await openTrajectory(page, long.id);
      longRuns.push(opened.ms);
      cards = opened.cards;
      heapMb = Math.max(
        heapMb,
        Number(await page.evaluate('performance.memory.usedJSHeapSize')) / 2 ** 20,
      );
      shortRuns.push((await openTrajectory(page, short.id)).ms);
    }
    if (process.env.BENCH_SCREENSHOT) {
      await page.evaluate(
        `location.hash = ${JSON.stringify(`#/trajectory/${encodeURIComponent(long.id)}`)}`,
      );
      await page.waitForSelector('[data-testid="turn"]');
      await page.screenshot({ path: process.env.BENCH_SCREENSHOT });
    }
    return {
      records: 2,
      turns: long.turns,
      baseline_turns: short.turns,
      api_payload_kb: Math.round(Buffer.byteLength(JSON.stringify(apiLong.value)) / 1024),
      api_ms: apiLong.ms,
      api_baseline_ms: apiShort.ms,
      render_ms: roundMs(median(longRuns)),
      render_baseline_ms: roundMs(median(shortRuns)),
      render_cold_ms: roundMs(coldLong.ms),
      render_baseline_cold_ms: roundMs(coldShort.ms),
      render_runs_ms: longRuns.map(roundMs).join(' '),
      cards_at_first_paint: cards,
      page_heap_mb: Math.round(heapMb),
      server_peak_rss_mb: served.peakRssMb(),
    };
  } finally {
    await browser.close();
    await served.stop();
  }
});
rmSync(db, { force: true });
rmSync(input, { force: true });
