// A workspace of N demo-generator trajectories, imported through Turnwise (not timed), for the
// sections that measure work on an existing workspace (export, load).
import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { writeBenchInput } from './generate-input';
import { runTask } from './run-task';
import type { Measurement } from './tasks/measure';

/** Demo-generator records average about 14 kB; this over-asks, then the count caps the file. */
const MB_PER_1000_TRAJECTORIES = 20;

export interface ImportedWorkspace {
  db: string;
  records: number;
  inputMb: number;
  imported: Measurement;
}

export async function importedWorkspace(
  dir: string,
  name: string,
  trajectories: number,
): Promise<ImportedWorkspace> {
  const input = path.join(dir, `${name}-input.jsonl`);
  const db = path.join(dir, `${name}.duckdb`);
  console.log(`Generating ${trajectories} trajectories for the ${name} section...`);
  const written = await writeBenchInput(
    input,
    Math.ceil((trajectories / 1000) * MB_PER_1000_TRAJECTORIES),
    trajectories,
  );
  const inputMb = statSync(input).size / 1e6;
  console.log(`  ${inputMb.toFixed(0)} MB; importing (not timed)...`);
  const imported = runTask('turnwise-import', [input, db]);
  rmSync(input, { force: true });
  return { db, records: written.records, inputMb, imported };
}
