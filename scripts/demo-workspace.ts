// Creates (or reuses) the demo workspace that `npm start` and `npm run web` open: the committed
// datasets/demo rollouts imported into .turnwise/demo.duckdb. Prints the path as its last line.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openEngine } from '../electron/engine/engine';
import type { JobState } from '../shared/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEMO_SOURCE = path.join(root, 'datasets', 'demo', 'demo.jsonl');
export const DEMO_WORKSPACE = path.join(root, '.turnwise', 'demo.duckdb');

async function importDemo(dbPath: string): Promise<JobState> {
  const engine = await openEngine({ dbPath });
  try {
    const started = await engine.dispatch('startImport', { paths: [DEMO_SOURCE], dataset: 'demo' });
    if (!started.ok) throw new Error(started.error.message);
    return await engine.waitForJob((started.value as JobState).job_id);
  } finally {
    await engine.close();
  }
}

/** Returns the demo workspace path; rebuilds the file when the demo data changed. */
export async function ensureDemoWorkspace(dbPath = DEMO_WORKSPACE): Promise<string> {
  if (!existsSync(DEMO_SOURCE)) {
    throw new Error(`${DEMO_SOURCE} is missing; run: npm run demo:generate`);
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
