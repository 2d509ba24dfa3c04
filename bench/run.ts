// `npm run bench`: Turnwise's performance against baselines measured in the same run, with each
// task's peak memory; every task runs in its own process. Sections: import throughput (against a
// bare DuckDB read_json, a plain JSON.parse pass and Python readers on the same file), credit, the turn tree, the
// explorer filter over 1M trajectories (against hand-written DuckDB SQL) and opening a 2,000-turn
// trajectory in Chromium (against a 20-turn one), and exporting 100k trajectories (against a DuckDB
// COPY), browser mode under load (concurrent clients against `turnwise serve`; it fails on any
// error), how long the `turnwise` command takes to start, and the explorer's first row after a
// cold load in Chromium, and the explorer's text filter over 20M turns. `-- --only explorer,trajectory` runs some of
// them; bench/RESULTS.md keeps the sections that were not re-run.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { appStartSection } from './app-start-section';
import { cliSection } from './cli-section';
import { explorerSection } from './explorer-section';
import { searchSection } from './search-section';
import { importSection } from './import-section';
import { exportSection } from './export-section';
import { loadSection } from './load-section';
import { mergeResults, SECTION_ORDER, type SectionName } from './results-file';
import { runStamp, runTask, today } from './run-task';
import { trajectorySection } from './trajectory-section';

const { values } = parseArgs({
  options: {
    /** Comma-separated section names (default: all of them). */
    only: { type: 'string', default: SECTION_ORDER.join(',') },
    mb: { type: 'string', default: process.env.BENCH_MB ?? '200' },
    /** Tokens of the synthetic credit workspace. */
    'credit-tokens': { type: 'string', default: '50000000' },
    'explorer-trajectories': { type: 'string', default: '1000000' },
    /** Trajectories of the text-search workspace (20 turns each). */
    'search-trajectories': { type: 'string', default: '1000000' },
    'trajectory-turns': { type: 'string', default: '2000' },
    'export-trajectories': { type: 'string', default: '100000' },
    'load-clients': { type: 'string', default: '20' },
    'load-seconds': { type: 'string', default: '60' },
    /** Demo-generator trajectories in the load section's workspace. */
    'load-trajectories': { type: 'string', default: '10000' },
    out: { type: 'string', default: path.join(import.meta.dirname, 'RESULTS.md') },
  },
});

const only = values.only.split(',').map((name) => name.trim());
if (Number(values['credit-tokens']) <= 0) {
  throw new Error('--credit-tokens must be positive; leave the credit section out with --only');
}
for (const name of only) {
  if (!(SECTION_ORDER as readonly string[]).includes(name)) {
    throw new Error(`--only: no section '${name}' (sections: ${SECTION_ORDER.join(', ')})`);
  }
}

/** Credit over a synthetic workspace (bench/tasks/credit.ts); target: under 10 s for 50M tokens. */
function creditSection(dir: string, tokens: number): string {
  const stamp = runStamp();
  console.log(`Running credit over ${tokens} tokens...`);
  const m = runTask('credit', [path.join(dir, 'credit.duckdb'), String(tokens)]);
  console.log(
    `  segments ${m.segment_seconds} s, credit ${m.credit_seconds} s, peak ${m.peak_rss_mb} MB`,
  );
  return `## Credit computation, ${(Number(m.tokens) / 1e6).toFixed(0)}M tokens

${stamp} ${m.records} trajectories of 20 tool-calling steps, 50 scored tokens per step,
groups of 8 (written straight into the tables, not timed). Segments are made once per segmentation (they are
kept); credit (progress advantage of every segment, GRPO outcome advantages, TRIAGE totals,
trajectory scores, failure steps, best-of-N) is the figure with the 10 s target.

| task | seconds | tokens/s | peak memory (MB) |
|---|---|---|---|
| make segments (${m.segments}) | ${m.segment_seconds} | ${Math.round(Number(m.tokens) / Number(m.segment_seconds))} | ${m.peak_rss_mb} |
| credit | ${m.credit_seconds} | ${Math.round(Number(m.tokens) / Number(m.credit_seconds))} | ${m.peak_rss_mb} |
`;
}

/** A group of 64 rollouts x 100 turns through getTurnTree, then the renderer's layout. */
function treeSection(dir: string): string {
  const stamp = runStamp();
  console.log('Running turn tree 64 x 100...');
  const m = runTask('turn-tree', [path.join(dir, 'tree.duckdb'), '64', '100']);
  console.log(`  api ${m.api_seconds} s, layout ${m.layout_seconds} s`);
  return `## Turn tree, 64 rollouts x 100 turns

${stamp} ${m.tree_nodes} distinct turns, drawn as ${m.drawn_nodes} nodes once shared chains are collapsed;
answer ${m.payload_kb} kB. getTurnTree through the engine's dispatch (query and tree build), warm:
${m.api_seconds} s (first call ${m.api_cold_seconds} s); collapsing and layout in the renderer's
code: ${m.layout_seconds} s; building the chart option: ${m.option_seconds} s. Peak memory
${m.peak_rss_mb} MB.
`;
}

const dir = mkdtempSync(path.join(tmpdir(), 'turnwise-bench-'));
try {
  const sections = new Map<SectionName, string>();
  const runs: Record<SectionName, () => Promise<string> | string> = {
    import: () =>
      importSection(
        dir,
        values.mb
          .split(',')
          .map((part) => Number(part.trim()))
          .filter((mb) => mb > 0),
      ),
    credit: () => creditSection(dir, Number(values['credit-tokens'])),
    'turn-tree': () => treeSection(dir),
    explorer: () => explorerSection(dir, Number(values['explorer-trajectories'])),
    trajectory: () => trajectorySection(dir, Number(values['trajectory-turns'])),
    export: () => exportSection(dir, Number(values['export-trajectories'])),
    load: () =>
      loadSection(
        dir,
        Number(values['load-clients']),
        Number(values['load-seconds']),
        Number(values['load-trajectories']),
      ),
    cli: () => cliSection(dir),
    'app-start': () => appStartSection(dir),
    search: () => searchSection(dir, Number(values['search-trajectories'])),
  };
  for (const name of SECTION_ORDER) {
    if (only.includes(name)) sections.set(name, await runs[name]());
  }
  const header = `Written by \`npm run bench\` (bench/run.ts). \`-- --only explorer,trajectory\` re-runs some
sections (${SECTION_ORDER.join(', ')}) and keeps the others as they were, each with the date it
was run; \`-- --mb 200,1000\` sets the import sizes. Each figure is one run on this machine; each
compares against a baseline measured in the same run. Each task runs in its own process; peak
memory is that process's maximum resident set, DuckDB's native memory included.

- Written: ${today()}
- Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  const existing = existsSync(values.out) ? readFileSync(values.out, 'utf8') : '';
  writeFileSync(values.out, mergeResults(existing, header, sections));
  console.log(`\nWrote ${values.out}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
