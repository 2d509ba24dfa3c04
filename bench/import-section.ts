// The import section: Turnwise's import of the demo generator's JSONL against readers of the same
// file measured in the same run, each in its own process: a JSON.parse pass, a bare DuckDB
// read_json into a table, and the Python anchors (python-anchors.ts) where a Python has them.
import { rmSync, statSync } from 'node:fs';
import { cpus, homedir } from 'node:os';
import path from 'node:path';
import { readThreads } from '../engine/import/read-in-worker';
import { writeBenchInput, writeShortRollouts } from './generate-input';
import { benchPython, PYTHON_READERS, runPythonReader } from './python-anchors';
import { runStamp, runTask } from './run-task';
import type { Measurement } from './tasks/measure';

/** `turnwise import` from the built CLI, timed from the command's start. */
const TURNWISE = 'Turnwise import (built CLI)';

/**
 * DuckDB writing the rows Turnwise's import wrote (its tables, keys included) from memory into a
 * new file: no parsing, modelling or scanning, so no importer of this model can take less.
 */
const WRITE_ROWS = ['DuckDB writing the imported rows (floor)', 'duckdb-write-rows'] as const;

interface Row {
  name: string;
  m: Measurement | null;
  /** Why a reader has no figure (its library is not installed). */
  note?: string;
  /** Every run's seconds, when the reader ran more than once. */
  runs?: number[];
}

/**
 * The readers the targets are ratios of run this many times, in alternating rounds, and the
 * faster run counts: on these machines one run of DuckDB's read_json took 3.0 s and another 5.5 s
 * on the same file, which moved the ratio more than any change to the import did.
 */
const ROUNDS = 2;

interface SizeResult {
  megabytes: number;
  records: number;
  holds: string;
  rows: Row[];
}

function checked(name: string, m: Measurement, records: number): Measurement {
  if (Number(m.records) !== records) {
    throw new Error(`${name} saw ${m.records} records, expected ${records}`);
  }
  console.log(`  ${m.seconds.toFixed(2)} s, peak ${m.peak_rss_mb} MB`);
  return m;
}

/** One bench input: a name for its files and its heading, and how to write it. */
interface BenchInput {
  name: string;
  /** What the table's heading says the file holds, after its size. */
  holds: (records: number) => string;
  write: (file: string) => Promise<{ records: number }>;
}

const rolloutsOf = (megabytes: number): BenchInput => ({
  name: `rollouts-${megabytes}`,
  holds: (records) => `${records} trajectories`,
  write: (file) => writeBenchInput(file, megabytes),
});

/** GRPO-style samples: a prompt and a reply each (writeShortRollouts). */
const SHORT_ROLLOUTS = 200_000;
const SHORT: BenchInput = {
  name: 'short',
  holds: (records) => `${records} short rollouts of a prompt and a reply`,
  write: (file) => writeShortRollouts(file, SHORT_ROLLOUTS),
};

async function measureSize(dir: string, bench: BenchInput): Promise<SizeResult> {
  const input = path.join(dir, `${bench.name}.jsonl`);
  console.log(`Generating ${bench.name}.jsonl...`);
  const { records } = await bench.write(input);
  const megabytes = statSync(input).size / 1e6;
  console.log(`  ${megabytes.toFixed(0)} MB, ${records} trajectories`);
  // A task that writes a database needs a file that does not exist yet: each run's is removed.
  const readers = [
    ['JSON.parse pass (baseline)', 'json-parse', null],
    ['DuckDB read_json (baseline)', 'duckdb-read-json', 'raw'],
    [TURNWISE, 'turnwise-cli-import', 'turnwise'],
  ] as const;
  const runs: Measurement[][] = [...readers, WRITE_ROWS].map(() => []);
  const database = (name: string) => path.join(dir, `${name}-${bench.name}.duckdb`);
  for (let round = 1; round <= ROUNDS; round += 1) {
    readers.forEach(([name, task, db], index) => {
      console.log(`Running ${name} (round ${round} of ${ROUNDS})...`);
      const args = db === null ? [input] : [input, database(db)];
      runs[index]?.push(checked(name, runTask(task, args), records));
    });
    // The floor writes the rows of the import just timed.
    const [name, task] = WRITE_ROWS;
    console.log(`Running ${name} (round ${round} of ${ROUNDS})...`);
    const floorArgs = [database('turnwise'), database('rows')];
    runs[readers.length]?.push(checked(name, runTask(task, floorArgs), records));
    const written = [...readers.flatMap(([, , db]) => (db === null ? [] : [db])), 'rows'];
    for (const db of written.map(database)) {
      for (const file of [db, `${db}.wal`]) rmSync(file, { force: true });
    }
  }
  const rows: Row[] = [...readers, WRITE_ROWS].map(([name], index) => {
    const measured = runs[index] ?? [];
    const fastest = measured.reduce((best, m) => (m.seconds < best.seconds ? m : best));
    // The faster run's time; the higher peak, since the memory target holds for every run.
    const peak = Math.max(...measured.map((m) => Number(m.peak_rss_mb)));
    return {
      name,
      m: { ...fastest, peak_rss_mb: peak },
      runs: measured.map((m) => m.seconds),
    };
  });
  for (const [name, reader] of PYTHON_READERS) {
    console.log(`Running ${name}...`);
    const result = runPythonReader(reader, input);
    if ('unavailable' in result) {
      console.log(`  not run: ${result.unavailable}`);
      rows.push({ name, m: null, note: result.unavailable });
    } else {
      rows.push({ name, m: checked(name, result.ran, records) });
    }
  }
  rmSync(input, { force: true });
  return { megabytes, records, holds: bench.holds(records), rows };
}

function table({ megabytes, records, holds, rows }: SizeResult): string {
  const measured = (name: string) => rows.find((row) => row.name === name)?.m ?? null;
  const seconds = (name: string) => measured(name)?.seconds ?? NaN;
  const parse = seconds('JSON.parse pass (baseline)');
  const readJson = seconds('DuckDB read_json (baseline)');
  const turnwise = seconds(TURNWISE);
  const lines = rows.map(({ name, m, note }) =>
    m === null
      ? `| ${name} | not run: ${note ?? ''} | | | | | | | |`
      : `| ${name} | ${m.seconds.toFixed(2)} | ${m.cpu_seconds.toFixed(2)} | ${(megabytes / m.seconds).toFixed(1)} | ` +
        `${Math.round(records / m.seconds)} | ${m.peak_rss_mb} | ` +
        `${(turnwise / m.seconds).toFixed(2)} | ${(readJson / m.seconds).toFixed(2)} | ` +
        `${(parse / m.seconds).toFixed(2)} |`,
  );
  const repeated = rows
    .filter((row) => row.runs !== undefined)
    .map(
      (row) =>
        `${row.name.replace(/ \(.*\)$/, '')} ${row.runs?.map((t) => t.toFixed(2)).join(' and ')} s`,
    );
  const floor = measured(WRITE_ROWS[0]);
  const parsed = measured('JSON.parse pass (baseline)');
  return `### ${megabytes.toFixed(0)} MB (${holds})

| task | seconds | CPU seconds | MB/s | trajectories/s | peak memory (MB) | × Turnwise | × read_json | × JSON.parse |
|---|---|---|---|---|---|---|---|---|
${lines.join('\n')}

Runs in alternating rounds (the table has the faster, and the higher peak): ${repeated.join('; ')}.
${floor === null || parsed === null ? '' : `\n${budgetSentence(megabytes, readJson / 2, floor, parsed)}\n`}`;
}

/**
 * What twice read_json's speed leaves an importer in CPU time, once DuckDB has written its rows
 * and V8 has parsed the file once: the least any importer of this model in JavaScript needs.
 */
function budgetSentence(
  megabytes: number,
  twice: number,
  floor: Measurement,
  parsed: Measurement,
): string {
  const cores = cpus().length;
  const budget = twice * cores;
  const spent = floor.cpu_seconds + parsed.cpu_seconds;
  const left = budget - spent;
  return (
    `Twice read_json's speed is ${twice.toFixed(2)} s here (${(megabytes / twice).toFixed(0)} MB/s), ` +
    `${budget.toFixed(2)} CPU seconds on ${cores} cores. DuckDB writing the imported rows takes ` +
    `${floor.cpu_seconds.toFixed(2)} of them and one JSON.parse of the file ` +
    `${parsed.cpu_seconds.toFixed(2)}, ` +
    (left > 0
      ? `which leaves ${left.toFixed(2)} for starting, reading, modelling and scanning ` +
        `${megabytes.toFixed(0)} MB, and only if both cores are busy throughout.`
      : `${(-left).toFixed(2)} more than that before anything is modelled or scanned.`)
  );
}

/** Import throughput at each size of the demo generator's turnwise JSONL (seed 11), then short rollouts. */
export async function importSection(dir: string, sizes: number[]): Promise<string> {
  const stamp = runStamp();
  const python = benchPython();
  const results: SizeResult[] = [];
  for (const size of sizes) results.push(await measureSize(dir, rolloutsOf(size)));
  results.push(await measureSize(dir, SHORT));
  return `## Import throughput

${stamp} Input: turnwise-format JSONL from the demo generator (seed 11), and ${SHORT_ROLLOUTS}
short rollouts (a prompt and a one-line reply each, as GRPO samples of a math task look; the
OpenAI-messages form) where rows per byte, not bytes, set the pace. Turnwise, read_json and the
JSON.parse pass run ${ROUNDS} times each in alternating rounds and the faster run counts (each
run's time is under its table); the Python readers run once. Each round ends with the floor:
DuckDB inserting the rows that round's import wrote (every table, primary keys included) from
memory into a new file and committing, with no parsing at all. CPU seconds are all the process's
threads over the timed span (DuckDB's and the reading threads included). Ratios are speed
relative to the reader named in the column on the same file (above 1 = faster than it; the
× Turnwise column is each reader against Turnwise's import). Turnwise's import is the built
\`turnwise import\` command, reading threads included (${readThreads()} here). Turnwise caps DuckDB at
TURNWISE_MEMORY_LIMIT (default 512MB), so its peak stays bounded as inputs grow; the bare
read_json baseline runs with DuckDB's defaults. The Python readers time the read alone (not the
interpreter's start or the library's import) and build an in-memory table (pyarrow, polars) or
an Arrow cache on disk (datasets); they ran under
${'python' in python ? `\`${python.python.replace(homedir(), '~')}\`` : `no Python (${python.unavailable})`}.

${results.map(table).join('\n')}`;
}
