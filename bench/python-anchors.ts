// The Python readers the import section compares Turnwise with (issue 22): pyarrow's JSON reader,
// polars' read_ndjson, Hugging Face `datasets.load_dataset('json')` and a json.loads loop, each in
// its own process on the same file (bench/tasks/python-reader.py). They run under
// TURNWISE_BENCH_PYTHON, else the trainer suite's virtualenv (trainers/requirements.txt pins
// pyarrow, polars and datasets); a reader that is missing is reported, not skipped silently.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { trainerPython, trainerVenv } from '../scripts/trainer-venv.mjs';
import type { Measurement } from './tasks/measure';

export const PYTHON_READERS = [
  ['pyarrow json.read_json (in memory)', 'pyarrow'],
  ['polars read_ndjson (in memory)', 'polars'],
  ['datasets load_dataset("json")', 'datasets'],
  ['Python json.loads per line (parse only)', 'json-loads'],
] as const;

export type PythonResult = { ran: Measurement } | { unavailable: string };

/** The Python the anchors run under, or why there is none. */
export function benchPython(): { python: string } | { unavailable: string } {
  const explicit = process.env.TURNWISE_BENCH_PYTHON;
  if (explicit) return { python: explicit };
  const venv = trainerVenv();
  const python = trainerPython(venv);
  return existsSync(python)
    ? { python }
    : {
        unavailable:
          `no Python: set TURNWISE_BENCH_PYTHON, or run npm run test:trainers once to make ` +
          `${venv}`,
      };
}

export function runPythonReader(reader: string, file: string): PythonResult {
  const found = benchPython();
  if (!('python' in found)) return found;
  const cache = mkdtempSync(path.join(os.tmpdir(), 'turnwise-bench-py-'));
  try {
    const output = execFileSync(
      found.python,
      [path.join(import.meta.dirname, 'tasks', 'python-reader.py'), reader, file, cache],
      {
        encoding: 'utf8',
        maxBuffer: 1 << 20,
        stdio: ['ignore', 'pipe', 'inherit'],
        // No telemetry, no hub lookups, no progress bars in the log.
        env: { ...process.env, HF_DATASETS_OFFLINE: '1', HF_HUB_OFFLINE: '1', TQDM_DISABLE: '1' },
      },
    );
    const printed = JSON.parse(output.trim().split('\n').at(-1) ?? '') as
      Measurement | { unavailable: string };
    return typeof printed.unavailable === 'string'
      ? { unavailable: printed.unavailable }
      : { ran: printed as Measurement };
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}
