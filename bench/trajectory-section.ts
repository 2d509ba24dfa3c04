// The "open a long trajectory" section: bench/tasks/open-trajectory.ts against a renderer build
// (TURNWISE_RENDERER_DIR if set, else a fresh `vite build` of the current sources into the
// benchmark's temporary folder, never into out/renderer).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { runStamp, runTask } from './run-task';

/** docs/ARCHITECTURE.md, quality bars: a 2,000-turn trajectory renders its first turns in under 300 ms. */
const TARGET_MS = 300;

/** The renderer the browser sections load: TURNWISE_RENDERER_DIR, else a fresh build. */
export function rendererFor(dir: string): string {
  const given = process.env.TURNWISE_RENDERER_DIR;
  if (given !== undefined && given !== '') return path.resolve(given);
  const out = path.join(dir, 'renderer');
  console.log('Building the renderer (vite build)...');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, TURNWISE_RENDERER_DIR: out },
  });
  return out;
}

export function trajectorySection(dir: string, turns: number): string {
  const stamp = runStamp();
  const renderer = rendererFor(dir);
  console.log(`Running open a ${turns}-turn trajectory...`);
  const m = runTask('open-trajectory', [path.join(dir, 'open-trajectory'), String(turns), '20'], {
    TURNWISE_RENDERER_DIR: renderer,
  });
  console.log(`  api ${m.api_ms} ms, first render ${m.render_ms} ms`);
  const count = Number(m.turns).toLocaleString('en-US');
  const times = (a: unknown, b: unknown) => (Number(a) / Number(b)).toFixed(1);
  return `## Open a ${count}-turn trajectory

${stamp}

- Input: one synthetic agent trajectory of ${count} turns (a tool call on every assistant turn, reasoning on a third of them, observations of a few hundred characters to a few kB, one in twenty of 20-60 kB) and, as the baseline, one of ${m.baseline_turns} turns from the same generator, both imported with the real importer.
- getTrajectory: through the engine's dispatch, warm median of 5 (the long one's answer: ${m.api_payload_kb} kB as JSON).
- First render: Chromium (headless) against \`turnwise serve\`, from setting location.hash to the trajectory (coming from the datasets page) until the first turn card is in the DOM and its frame has been painted; the API call is included. One untimed open of each ("first open"), then the median of 5, the two trajectories alternating. Target: under ${TARGET_MS} ms.

| trajectory | getTrajectory (ms) | first render (ms) | first open (ms) | under ${TARGET_MS} ms |
|---|---|---|---|---|
| ${count} turns | ${m.api_ms} | ${m.render_ms} | ${m.render_cold_ms} | ${Number(m.render_ms) < TARGET_MS ? 'yes' : 'no'} |
| ${m.baseline_turns} turns (baseline) | ${m.api_baseline_ms} | ${m.render_baseline_ms} | ${m.render_baseline_cold_ms} | ${Number(m.render_baseline_ms) < TARGET_MS ? 'yes' : 'no'} |
| ratio | ${times(m.api_ms, m.api_baseline_ms)}× | ${times(m.render_ms, m.render_baseline_ms)}× | ${times(m.render_cold_ms, m.render_baseline_cold_ms)}× | |

The long trajectory's five renders: ${m.render_runs_ms} ms; ${m.cards_at_first_paint} turn cards were in the DOM at the first paint. Peak memory: the page's JS heap ${m.page_heap_mb} MB, the server (\`turnwise serve\`, engine included) ${m.server_peak_rss_mb} MB, the benchmark process (import and getTrajectory) ${m.peak_rss_mb} MB.
`;
}
