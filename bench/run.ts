// `npm run bench`: import throughput of Turnwise against two baselines measured in the same run on
// the same file — a bare DuckDB read_json and a plain JSON.parse pass — with each one's peak
// memory. Every task runs in its own process. Results go to bench/RESULTS.md.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeBenchInput } from './generate-input';
import type { Measurement } from './tasks/measure';

const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: process.env.BENCH_MB ?? '200' },
    /** Tokens of the synthetic credit workspace; 0 skips the credit benchmark. */
    'credit-tokens': { type: 'string', default: '50000000' },
    out: { type: 'string', default: path.join(import.meta.dirname, 'RESULTS.md') },
  },
});

function runTask(task: string, args: string[]): Measurement {
  const script = path.join(import.meta.dirname, 'tasks', `${task}.ts`);
  const output = execFileSync(process.execPath, ['--import', 'tsx', script, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  const last = output.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as Measurement;
}

interface SizeResult {
  megabytes: number;
  records: number;
  rows: { name: string; m: Measurement }[];
}

async function measureSize(dir: string, targetMb: number): Promise<SizeResult> {
  const input = path.join(dir, `rollouts-${targetMb}.jsonl`);
  console.log(`Generating ${targetMb} MB of turnwise JSONL...`);
  const { records } = await writeBenchInput(input, targetMb);
  const megabytes = statSync(input).size / 1e6;
  console.log(`  ${megabytes.toFixed(0)} MB, ${records} trajectories`);
  const rows: { name: string; m: Measurement }[] = [];
  for (const [name, task, args] of [
    ['JSON.parse pass (baseline)', 'json-parse', [input]],
    [
      'DuckDB read_json (baseline)',
      'duckdb-read-json',
      [input, path.join(dir, `raw-${targetMb}.duckdb`)],
    ],
    ['Turnwise import', 'turnwise-import', [input, path.join(dir, `turnwise-${targetMb}.duckdb`)]],
  ] as const) {
    console.log(`Running ${name}...`);
    const m = runTask(task, [...args]);
    if (Number(m.records) !== records)
      throw new Error(`${name} saw ${m.records} records, expected ${records}`);
    rows.push({ name, m });
    console.log(
      `  ${m.seconds.toFixed(2)} s, ${(megabytes / m.seconds).toFixed(1)} MB/s, peak ${m.peak_rss_mb} MB`,
    );
  }
  rmSync(input, { force: true });
  return { megabytes, records, rows };
}

function table({ megabytes, records, rows }: SizeResult): string {
  const readJson = rows[1]?.m.seconds ?? NaN;
  const parse = rows[0]?.m.seconds ?? NaN;
  const lines = rows.map(
    ({ name, m }) =>
      `| ${name} | ${m.seconds.toFixed(2)} | ${(megabytes / m.seconds).toFixed(1)} | ` +
      `${Math.round(records / m.seconds)} | ${m.peak_rss_mb} | ${(readJson / m.seconds).toFixed(2)} | ` +
      `${(parse / m.seconds).toFixed(2)} |`,
  );
  return `## Import throughput, ${megabytes.toFixed(0)} MB (${records} trajectories)

| task | seconds | MB/s | trajectories/s | peak memory (MB) | × read_json | × JSON.parse |
|---|---|---|---|---|---|---|
${lines.join('\n')}
`;
}

/** Credit over a synthetic workspace (bench/tasks/credit.ts); target: under 10 s for 50M tokens. */
function creditSection(dir: string, tokens: number): string {
  console.log(`Running credit over ${tokens} tokens...`);
  const m = runTask('credit', [path.join(dir, 'credit.duckdb'), String(tokens)]);
  console.log(
    `  segments ${m.segment_seconds} s, credit ${m.credit_seconds} s, peak ${m.peak_rss_mb} MB`,
  );
  return `
## Credit computation, ${(Number(m.tokens) / 1e6).toFixed(0)}M tokens

${m.records} trajectories of 20 tool-calling steps, 50 scored tokens per step, groups of 8
(written straight into the tables, not timed). Segments are made once per segmentation (they are
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
  console.log('Running turn tree 64 x 100...');
  const m = runTask('turn-tree', [path.join(dir, 'tree.duckdb'), '64', '100']);
  console.log(`  api ${m.api_seconds} s, layout ${m.layout_seconds} s`);
  return `
## Turn tree, 64 rollouts x 100 turns

${m.tree_nodes} distinct turns, drawn as ${m.drawn_nodes} nodes once shared chains are collapsed;
answer ${m.payload_kb} kB. getTurnTree through the engine's dispatch (query and tree build), warm:
${m.api_seconds} s (first call ${m.api_cold_seconds} s); collapsing and layout in the renderer's
code: ${m.layout_seconds} s; building the chart option: ${m.option_seconds} s. Peak memory
${m.peak_rss_mb} MB.
`;
}

const dir = mkdtempSync(path.join(tmpdir(), 'turnwise-bench-'));
try {
  const sizes = values.mb.split(',').map((part) => Number(part.trim()));
  const results: SizeResult[] = [];
  for (const size of sizes.filter((mb) => mb > 0)) results.push(await measureSize(dir, size));
  const creditTokens = Number(values['credit-tokens']);
  const credit = creditTokens > 0 ? creditSection(dir, creditTokens) : '';
  const tree = treeSection(dir);
  const report = `# Benchmark results

Written by \`npm run bench\` (bench/run.ts; \`-- --mb 200,1000\` for several sizes); each figure is one
run on this machine. Ratios are speed relative to the baselines measured in the same run on the same
file (above 1 = faster than it). Each task runs in its own process; peak memory is that process's
maximum resident set, DuckDB's native memory included. Turnwise caps DuckDB at
TURNWISE_MEMORY_LIMIT (default 512MB), so its peak stays bounded as inputs grow; the bare read_json
baseline runs with DuckDB's defaults.

- Date: ${new Date().toISOString().slice(0, 10)}
- Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}
- Input: turnwise-format JSONL from the demo generator (seed 11)

${results.map(table).join('\n')}
${credit}
${tree}`;
  writeFileSync(values.out, report);
  console.log(`\nWrote ${values.out}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
