// The app-start section: bench/tasks/explorer-first-row.ts (a cold load of the explorer on the
// demo workspace in browser mode) against the current renderer build. Target (issue 22): the
// first row under 1 s.
import path from 'node:path';
import { rendererFor } from './trajectory-section';
import { runStamp, runTask } from './run-task';

const TARGET_MS = 1000;

export function appStartSection(dir: string): string {
  const stamp = runStamp();
  const renderer = rendererFor(dir);
  console.log('Running the explorer cold start...');
  const m = runTask('explorer-first-row', [path.join(dir, 'app-start')], {
    TURNWISE_RENDERER_DIR: renderer,
  });
  const met = Number(m.first_row_ms) < TARGET_MS ? 'yes' : 'no';
  return `## App start: the explorer's first row

${stamp}

Browser mode on the demo workspace (two runs, 384 trajectories): a new Chromium context each time
(nothing cached), \`#/trajectories\` loaded, times from the navigation's start until the element
is in the DOM and painted; median of 5 after one untimed load. Target: the first row under
${TARGET_MS} ms.

| app shell (ms) | first explorer row (ms) | under ${TARGET_MS} ms | JavaScript loaded (kB) |
|---|---|---|---|
| ${m.shell_ms} | ${m.first_row_ms} | ${met} | ${m.script_kb} |

The five first-row times: ${m.first_row_runs_ms} ms. The server peaked at ${m.server_peak_rss_mb} MB.`;
}
