// The export section: imports N demo-generator trajectories (not timed), then times exports of
// several targets through the engine against a hand-written DuckDB COPY of the same trajectories
// as plain {"messages"} JSON lines, each in its own process.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { importedWorkspace } from './imported-workspace';
import { runStamp, runTask } from './run-task';
import type { Measurement } from './tasks/measure';

const CASES: { title: string; selection: Record<string, unknown> }[] = [
  { title: 'trl-sft (JSONL)', selection: { target: 'trl-sft' } },
  {
    title: 'trl-dpo, trajectory and step pairs (JSONL)',
    selection: { target: 'trl-dpo', pairs: { trajectory: true, step: true } },
  },
  { title: 'verl-sft (Parquet)', selection: { target: 'verl-sft' } },
  {
    title: 'ms-swift, top 4 per task, DRIFT weights (JSONL)',
    selection: { target: 'ms-swift', top_k: 4, weighting: { trajectory: 'drift' } },
  },
];

export async function exportSection(dir: string, trajectories: number): Promise<string> {
  const stamp = runStamp();
  const { db, records, inputMb, imported } = await importedWorkspace(dir, 'export', trajectories);
  console.log('Running the export baseline (DuckDB COPY)...');
  const baseline = runTask('export-duckdb', [db, path.join(dir, 'baseline.jsonl')]);
  rmSync(path.join(dir, 'baseline.jsonl'), { force: true });
  const rows: string[] = [];
  for (const [i, c] of CASES.entries()) {
    console.log(`Exporting ${c.title}...`);
    const out = path.join(dir, `export-${i}`);
    const m: Measurement = runTask('export-run', [db, out, JSON.stringify(c.selection)]);
    rmSync(out, { recursive: true, force: true });
    console.log(`  ${m.seconds.toFixed(1)} s, ${m.records} records, peak ${m.peak_rss_mb} MB`);
    rows.push(
      `| ${c.title} | ${Number(m.trajectories).toLocaleString('en-US')} | ` +
        `${Number(m.records).toLocaleString('en-US')} | ${m.megabytes} | ${m.seconds.toFixed(1)} | ` +
        `${Math.round(Number(m.trajectories) / m.seconds).toLocaleString('en-US')} | ` +
        `${(baseline.seconds / m.seconds).toFixed(2)} | ${m.peak_rss_mb} |`,
    );
  }
  const count = records.toLocaleString('en-US');
  return `## Export: ${count} trajectories

${stamp}

- Workspace: ${count} demo-generator trajectories (${inputMb.toFixed(0)} MB of JSONL, ${Number(imported.turns).toLocaleString('en-US')} turns), imported first (not timed).
- Engine: \`startExport\` through the engine's dispatch, the job to the end: selection, curation, pairing, record building, the write to a temporary folder, the Parquet conversion where the target is Parquet, the manifest with every file's sha256, and the rename.
- Baseline: one hand-written DuckDB \`COPY\` of every trajectory's turns as \`{"messages": [{role, content}]}\` JSON lines on the same file, with DuckDB's default memory limit (the engine runs capped at 512MB) (${baseline.seconds.toFixed(1)} s, ${baseline.megabytes} MB, peak ${baseline.peak_rss_mb} MB). It converts no tool calls and checks nothing, so it is a floor, not an equal. "× COPY" is its time over the engine's (below 1 = slower than the floor).

| export | trajectories | records | MB written | seconds | trajectories/s | × COPY | peak memory (MB) |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
}
