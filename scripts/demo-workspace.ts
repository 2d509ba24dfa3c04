// Creates (or reuses) the demo workspace that `npm start` and `npm run web` open: the committed
// datasets/demo rollouts imported into .turnwise/demo.duckdb, as two runs with their lineage (the
// base run `demo`, an RL export of its trained families, and the run `checkpoint` trained on it;
// docs/compare.md), with progress scores and rule labels. Prints the path as its last line.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openEngine } from '../engine/engine';
import type { Engine } from '../engine/core/engine-types';
import type { JobState } from '../shared/api';
import { CHECKPOINT_NAME, CHECKPOINT_TRAINED_FAMILIES } from './demo/checkpoint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEMO_SOURCE = path.join(root, 'datasets', 'demo', 'demo.jsonl');
export const DEMO_CHECKPOINT = path.join(root, 'datasets', 'demo', 'checkpoint.jsonl');
export const DEMO_WORKSPACE = path.join(root, '.turnwise', 'demo.duckdb');

/** The base run's tasks the checkpoint was trained on, as a condition on the trajectories view. */
export const DEMO_TRAINED_WHERE = CHECKPOINT_TRAINED_FAMILIES.map(
  (family) => `task_id LIKE '${family}-%'`,
).join(' OR ');

async function runJob(engine: Engine, method: string, input: unknown): Promise<JobState> {
  const started = await engine.dispatchByName(method, input);
  if (!started.ok) throw new Error(started.error.message);
  return await engine.waitForJob((started.value as JobState).job_id);
}

/** The export the checkpoint was trained on (RL prompts of the trained families) and the link. */
async function linkCheckpoint(engine: Engine, exportDir: string): Promise<void> {
  const exported = await runJob(engine, 'startExport', {
    target: 'trl-grpo',
    filter: { dataset_id: 'demo' },
    where: DEMO_TRAINED_WHERE,
    out_dir: exportDir,
    overwrite: true,
  });
  if (exported.status !== 'succeeded') throw new Error(`demo export: ${exported.error?.message}`);
  const linked = await engine.dispatch('setRun', {
    dataset_id: 'checkpoint',
    checkpoint: CHECKPOINT_NAME,
    trained_from: exportDir,
    notes: 'Fine-tuned on the base run’s repair and config tasks; investigate held out.',
  });
  if (!linked.ok) throw new Error(`demo lineage: ${linked.error.message}`);
}

async function importDemo(dbPath: string): Promise<JobState> {
  const engine = await openEngine({ dbPath });
  try {
    const base = await runJob(engine, 'startImport', { paths: [DEMO_SOURCE], dataset: 'demo' });
    // A demo workspace made before the checkpoint run existed gets it added.
    if (base.status !== 'succeeded' && base.error?.code !== 'duplicate') return base;
    const checkpoint = await runJob(engine, 'startImport', {
      paths: [DEMO_CHECKPOINT],
      dataset: 'checkpoint',
    });
    if (checkpoint.status !== 'succeeded') return checkpoint;
    await linkCheckpoint(engine, path.join(path.dirname(dbPath), 'demo-exports', 'grpo-trained'));
    // Progress scores and rule labels, so the comparison shows how steps moved from the start.
    for (const [method, input] of [
      ['startCredit', { segmentation: 'action' }],
      ['startHeuristicLabels', { segmentation: 'action' }],
    ] as const) {
      const done = await runJob(engine, method, input);
      if (done.status !== 'succeeded') throw new Error(`demo ${method}: ${done.error?.message}`);
    }
    return checkpoint;
  } finally {
    await engine.close();
  }
}

/** Returns the demo workspace path; rebuilds the file when the demo data changed. */
export async function ensureDemoWorkspace(dbPath = DEMO_WORKSPACE): Promise<string> {
  for (const source of [DEMO_SOURCE, DEMO_CHECKPOINT]) {
    if (!existsSync(source)) throw new Error(`${source} is missing; run: npm run demo:generate`);
  }
  mkdirSync(path.dirname(dbPath), { recursive: true });
  if (existsSync(dbPath)) {
    const job = await importDemo(dbPath).catch((error: unknown) => error);
    // 'duplicate' means this exact demo is already there: reuse the workspace as it is.
    const code = (job as JobState | undefined)?.error?.code;
    if (code === 'duplicate' || (job as JobState | undefined)?.status === 'succeeded')
      return dbPath;
    // An outdated or unreadable demo workspace is disposable: start it afresh.
    rmSync(dbPath, { force: true });
    rmSync(`${dbPath}.wal`, { force: true });
  }
  const job = await importDemo(dbPath);
  if (job.status !== 'succeeded') {
    throw new Error(`demo import failed: ${job.error?.message ?? job.status}`);
  }
  return dbPath;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = process.argv[2] ? path.resolve(process.argv[2]) : DEMO_WORKSPACE;
  ensureDemoWorkspace(target).then(
    (file) => console.log(file),
    (error: unknown) => {
      console.error(`turnwise: demo: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
