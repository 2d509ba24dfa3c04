// The process crash-safety.test.ts kills: opens a workspace through the engine and repeats one kind
// of write (import, label, review decision or export) until it is killed, printing one `ack` line
// (JSON) after each write the engine has answered, i.e. each write shown to a user as saved.
// Usage: node --import tsx crash-child.ts <mode> <workspace.duckdb> <work dir> <round>
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ApiInput, ApiMethod, ApiOutput, JobState } from '../shared/api';
import { ROLE_LABELS } from '../shared/model';
import { openEngine } from './engine';
import type { Engine } from './core/engine-types';

/** The export targets cycled through, one export each. */
const CRASH_EXPORT_TARGETS = ['trl-sft', 'verl-sft', 'axolotl', 'ms-swift'] as const;
/** The annotator of every label and decision the child writes. */
const CRASH_ANNOTATOR = 'crash-child';

type Row = Record<string, unknown>;

function ack(value: Row): void {
  process.stdout.write(`ack ${JSON.stringify(value)}\n`);
}

/**
 * One typed API call; an error result throws, naming the method. Not the tests' callOk: this file
 * is bundled and run by plain node, and engine/testing/ is for tests only.
 */
async function callOk<M extends ApiMethod>(
  engine: Engine,
  method: M,
  input: ApiInput<M>,
): Promise<ApiOutput<M>> {
  const result = await engine.dispatch(method, input);
  if (!result.ok) throw new Error(`${method}: ${result.error.code}: ${result.error.message}`);
  return result.value;
}

async function runJob<M extends 'startImport' | 'startExport'>(
  engine: Engine,
  method: M,
  input: ApiInput<M>,
): Promise<JobState> {
  const job = await callOk(engine, method, input);
  const final = await engine.waitForJob(job.job_id);
  if (final.error) throw new Error(`${method}: ${final.error.code}: ${final.error.message}`);
  return final;
}

async function sql(engine: Engine, text: string): Promise<Row[]> {
  return (await callOk(engine, 'runSql', { sql: text })).rows;
}

/**
 * Imports the source again and again, each copy made distinct (identical content is refused) by
 * padding its first line with spaces, a different number for every round and import.
 */
async function importLoop(engine: Engine, dir: string, round: number): Promise<never> {
  const lines = readFileSync(path.join(dir, 'source.jsonl'), 'utf8');
  for (let k = 0; ; k += 1) {
    const file = path.join(dir, `import-r${round}-${k}.jsonl`);
    const newline = lines.indexOf('\n');
    writeFileSync(
      file,
      `${lines.slice(0, newline)}${' '.repeat(round * 500 + k + 1)}${lines.slice(newline)}`,
    );
    const dataset = `crash-r${round}-${k}`;
    await runJob(engine, 'startImport', { paths: [file], dataset });
    ack({ dataset });
  }
}

async function trajectoryIds(engine: Engine): Promise<string[]> {
  const rows = await sql(engine, `SELECT trajectory_id FROM trajectories ORDER BY trajectory_id`);
  return rows.map((row) => String(row.trajectory_id));
}

async function segmentCount(engine: Engine, trajectoryId: string): Promise<number> {
  const answer = await callOk(engine, 'getSegments', {
    trajectory_id: trajectoryId,
  });
  return answer.segments.length;
}

/** Human labels on every segment in turn, a different role each time. */
async function labelLoop(engine: Engine, round: number): Promise<never> {
  const ids = await trajectoryIds(engine);
  for (let i = 0; ; i += 1) {
    const trajectoryId = ids[(round * 7 + i) % ids.length] ?? '';
    const segments = await segmentCount(engine, trajectoryId);
    for (let s = 0; s < segments; s += 1) {
      const event = await callOk(engine, 'setLabel', {
        trajectory_id: trajectoryId,
        segment_index: s,
        role_label: ROLE_LABELS[(round + i + s) % ROLE_LABELS.length] ?? 'regression',
        annotator: CRASH_ANNOTATOR,
      });
      ack({ label_id: event.label_id, role_label: event.role_label });
    }
  }
}

/** Queues each undecided segment by hand and decides it: relabel or reject, alternately. */
async function reviewLoop(engine: Engine): Promise<never> {
  const decided = new Set(
    (await sql(engine, `SELECT trajectory_id, segment_index FROM review_items`)).map(
      (row) => `${String(row.trajectory_id)}/${String(row.segment_index)}`,
    ),
  );
  let n = 0;
  for (const trajectoryId of await trajectoryIds(engine)) {
    const segments = await segmentCount(engine, trajectoryId);
    for (let s = 0; s < segments; s += 1) {
      if (decided.has(`${trajectoryId}/${s}`)) continue;
      const item = await callOk(engine, 'addReviewItem', {
        trajectory_id: trajectoryId,
        segment_index: s,
        by: CRASH_ANNOTATOR,
      });
      n += 1;
      const relabel = n % 2 === 0;
      const answer = await callOk(engine, 'decideReviewItem', {
        item_id: item.item_id,
        decision: relabel ? 'relabel' : 'reject',
        ...(relabel ? { label: ROLE_LABELS[n % ROLE_LABELS.length] } : {}),
        by: CRASH_ANNOTATOR,
      });
      ack({
        item_id: answer.item_id,
        status: answer.status,
        decided_label: answer.decided_label,
        trajectory_id: trajectoryId,
        segment_index: s,
      });
    }
  }
  throw new Error('review: every segment is decided; the workspace needs more trajectories');
}

/** Exports into fresh folders under `<dir>/exports`, cycling through a few targets. */
async function exportLoop(engine: Engine, dir: string, round: number): Promise<never> {
  for (let k = 0; ; k += 1) {
    const target = CRASH_EXPORT_TARGETS[k % CRASH_EXPORT_TARGETS.length] ?? 'trl-sft';
    const out = path.join(dir, 'exports', `r${round}-${k}-${target}`);
    await runJob(engine, 'startExport', { target, out_dir: out });
    ack({ out_dir: out });
  }
}

async function main(): Promise<void> {
  const [mode, dbPath, dir, roundText] = process.argv.slice(2);
  if (dbPath === undefined || dir === undefined) throw new Error('usage: <mode> <db> <dir> <n>');
  const round = Number(roundText ?? '0');
  const engine = await openEngine({ dbPath });
  process.stdout.write('ready\n');
  if (mode === 'import') await importLoop(engine, dir, round);
  if (mode === 'label') await labelLoop(engine, round);
  if (mode === 'review') await reviewLoop(engine);
  if (mode === 'export') await exportLoop(engine, dir, round);
  throw new Error(`unknown mode ${String(mode)}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
