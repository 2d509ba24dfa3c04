// The reading threads must give exactly what reading on the engine's thread gives: the same rows,
// redactions, bad and dropped records, in the same order, whatever the number of shards.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Workspace } from '../store/workspace';
import { samplePath, tempDir, turnwiseRecord } from '../testing/test-support';
import {
  preparedInWorkers,
  prewarmReadingThreads,
  spareReadingThreads,
  type ReadWorkerData,
} from './read-in-worker';
import { runImport, type ImportOptions } from './run-import';

let dir = '';
let cleanup: () => void = () => undefined;
const saved = { ...process.env };

beforeAll(() => ({ dir, cleanup } = tempDir()));
afterAll(() => cleanup());
afterEach(() => {
  for (const key of ['TURNWISE_READ_WORKER_MIN_BYTES', 'TURNWISE_READ_THREADS']) {
    if (saved[key] === undefined) Reflect.deleteProperty(process.env, key);
    else process.env[key] = saved[key];
  }
});

/** Where the import reads: on this thread, or on `threads` reading threads. */
function readOn(threads: number | 'here'): void {
  process.env.TURNWISE_READ_WORKER_MIN_BYTES = threads === 'here' ? String(2 ** 50) : '0';
  process.env.TURNWISE_READ_THREADS = threads === 'here' ? '1' : String(threads);
}

/** Every stored row of the workspace, dataset ids and paths left out so two imports compare. */
async function contents(workspace: Workspace): Promise<unknown> {
  const tables = {
    trajectories: `SELECT * EXCLUDE (dataset_id) FROM tw_trajectories ORDER BY trajectory_id`,
    turns: `SELECT * FROM tw_turns ORDER BY trajectory_id, turn_index`,
    logprobs: `SELECT * FROM tw_token_logprobs ORDER BY trajectory_id, turn_index`,
    redactions: `SELECT * EXCLUDE (dataset_id) FROM tw_redactions
      ORDER BY trajectory_id, turn_index, field, kind`,
  };
  const out: Record<string, unknown> = {};
  for (const [name, sql] of Object.entries(tables)) out[name] = await workspace.query(sql);
  return JSON.parse(JSON.stringify(out, (_key, value: unknown) => value));
}

async function importOn(
  threads: number | 'here',
  options: ImportOptions,
  signal = new AbortController().signal,
) {
  readOn(threads);
  const workspace = await Workspace.open(path.join(dir, `ws-${threads}-${Math.random()}.duckdb`));
  try {
    const summary = await runImport(workspace, options, () => undefined, signal).catch(
      (error: unknown) => error as Error,
    );
    return { summary, rows: await contents(workspace) };
  } finally {
    workspace.close();
  }
}

/** 500 records over 8 blocks of every shard, with bad lines, duplicates, secrets and blanks. */
function mixedFile(): string {
  const lines: string[] = [];
  for (let i = 0; i < 500; i += 1) {
    const record = turnwiseRecord({ id: `r${i}`, task: `t${i % 7}`, actions: 1 + (i % 4) });
    if (i % 50 === 3) lines.push('{"trajectory_id": "broken", "messages": [');
    if (i % 61 === 5) lines.push('');
    if (i % 97 === 11) lines.push(JSON.stringify(turnwiseRecord({ id: `r${i - 1}` })));
    if (i % 13 === 0) record.metadata = { api_key: 'sk-abcdefghijklmnopqrstuvwx', n: i };
    if (i % 17 === 0) {
      const user = (record.messages as { content: string }[])[1] as { content: string };
      user.content += ' ghp_' + 'a'.repeat(36);
    }
    if (i % 29 === 0) record.sample_index = 1.5;
    lines.push(JSON.stringify(record));
  }
  const file = path.join(dir, 'mixed.jsonl');
  writeFileSync(file, lines.map((line, i) => line + (i % 5 === 0 ? '\r\n' : '\n')).join(''));
  return file;
}

/** The summary without what differs between two runs of the same import. */
function comparable(summary: unknown): unknown {
  if (summary instanceof Error) return { error: summary.message };
  const { seconds: _seconds, ...rest } = summary as { seconds: number };
  return rest;
}

describe('reading on worker threads', () => {
  it('gives what reading here gives, with 1 and 3 threads, skipping bad records', async () => {
    const options: ImportOptions = {
      paths: [mixedFile()],
      format: 'turnwise',
      onError: 'skip',
      dataset: 'mixed',
    };
    const here = await importOn('here', options);
    expect((here.summary as { skipped: unknown[] }).skipped.length).toBeGreaterThan(10);
    expect((here.summary as { secrets_redacted: number }).secrets_redacted).toBeGreaterThan(10);
    for (const threads of [1, 3]) {
      const there = await importOn(threads, options);
      expect(comparable(there.summary), `${threads} threads`).toEqual(comparable(here.summary));
      expect(there.rows, `${threads} threads`).toEqual(here.rows);
    }
  }, 60_000);

  it('stops at the first bad record in the file, whichever thread read it first', async () => {
    // Line 100 is in block 1 (the second thread's), line 140 in block 2 (the first thread's).
    const lines = Array.from({ length: 300 }, (_, i) =>
      JSON.stringify(turnwiseRecord({ id: `r${i}` })),
    );
    lines[99] = '{"messages": 7}';
    lines[139] = 'not json';
    const file = path.join(dir, 'two-bad.jsonl');
    writeFileSync(file, lines.join('\n'));
    const options: ImportOptions = { paths: [file], format: 'turnwise', onError: 'abort' };
    const here = await importOn('here', options);
    const there = await importOn(2, options);
    expect((here.summary as Error).message).toMatch(/two-bad\.jsonl:100: messages/);
    expect((there.summary as Error).message).toBe((here.summary as Error).message);
    expect(there.rows).toEqual(here.rows);
  }, 60_000);

  it('reads real files of a format whose lines are not records on one thread', async () => {
    // NeMo Gym rollouts with per-token log-probs, and a folder of two formats' files.
    const options: ImportOptions = {
      paths: [samplePath('nemo-gym')],
      format: 'auto',
      onError: 'skip',
    };
    const here = await importOn('here', options);
    const there = await importOn(2, options);
    expect((here.summary as { trajectories: number }).trajectories).toBeGreaterThan(0);
    expect(comparable(there.summary)).toEqual(comparable(here.summary));
    expect(there.rows).toEqual(here.rows);
  }, 60_000);

  it('takes the threads started ahead of the import, which read as new ones do', async () => {
    const options: ImportOptions = { paths: [mixedFile()], format: 'turnwise', onError: 'skip' };
    const fresh = await importOn(3, options);
    prewarmReadingThreads(2);
    expect(spareReadingThreads()).toBe(2);
    const ahead = await importOn(3, options);
    // Both spares were taken; the third thread was started by the import itself.
    expect(spareReadingThreads()).toBe(0);
    expect(comparable(ahead.summary)).toEqual(comparable(fresh.summary));
    expect(ahead.rows).toEqual(fresh.rows);
  }, 60_000);

  it('cancels mid-way: nothing is written', async () => {
    const controller = new AbortController();
    const run = importOn(
      2,
      { paths: [mixedFile()], format: 'turnwise', onError: 'skip' },
      controller.signal,
    );
    setTimeout(() => controller.abort(), 50);
    const { summary, rows } = await run;
    expect((summary as Error).message).toMatch(/cancelled/);
    expect(rows).toEqual({ trajectories: [], turns: [], logprobs: [], redactions: [] });
  }, 60_000);
});

describe('a reading thread that dies instead of reporting', () => {
  const data: ReadWorkerData = {
    entries: [{ file: '/data/rollouts.jsonl', reader: { format: 'turnwise' } }],
    formatOptions: {},
    keepSecrets: false,
  };

  async function drain(code: string): Promise<void> {
    const script = new URL(`data:text/javascript,${encodeURIComponent(code)}`);
    const signal = new AbortController().signal;
    const items = preparedInWorkers(data, 1, { entry: 0, bytesRead: 0 }, signal, script);
    for await (const item of items) expect(item).toBeUndefined();
  }

  it('fails the import with the file it was reading and its error', async () => {
    await expect(drain(`throw new Error('out of luck');`)).rejects.toMatchObject({
      code: 'internal',
      message: 'reading /data/rollouts.jsonl: the reading thread failed: out of luck',
    });
  });

  it('starts a new thread in place of one started ahead that failed to start', async () => {
    const code = `throw new Error('out of luck');`;
    prewarmReadingThreads(1, new URL(`data:text/javascript,${encodeURIComponent(code)}`));
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(drain(code)).rejects.toMatchObject({
      message: 'reading /data/rollouts.jsonl: the reading thread failed: out of luck',
    });
    expect(spareReadingThreads()).toBe(0);
  });

  it('fails the import with the file it was reading when it exits', async () => {
    await expect(drain('process.exit(7);')).rejects.toMatchObject({
      code: 'internal',
      message: 'reading /data/rollouts.jsonl: the reading thread ended (exit code 7)',
    });
  });
});
