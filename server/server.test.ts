// Contract test: the same API cases through dispatch and through HTTP give identical results.
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobState } from '../shared/api';
import { openEngine } from '../engine/engine';
import type { Engine } from '../engine/core/engine-types';
import { tempDir, turnwiseRecord, writeJsonl } from '../engine/testing/test-support';
import { startServer, type RunningServer } from './server';

let engine: Engine;
let server: RunningServer;
let dir: string;
let cleanup: () => void;

beforeAll(async () => {
  ({ dir, cleanup } = tempDir());
  const renderer = path.join(dir, 'renderer');
  mkdirSync(path.join(renderer, 'assets'), { recursive: true });
  writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>Turnwise</title>');
  writeFileSync(path.join(dir, 'secret.txt'), 'not for the browser');
  engine = await openEngine({ dbPath: path.join(dir, 'ws.duckdb') });
  const file = writeJsonl(path.join(dir, 'runs.jsonl'), [
    turnwiseRecord({ id: 'a', task: 'T1', reward: 1, success: true }),
    turnwiseRecord({ id: 'b', task: 'T1', reward: 0, success: false }),
    turnwiseRecord({ id: 'c', task: 'T2', reward: 0.5, success: true }),
  ]);
  const job = await engine.dispatch('startImport', { paths: [file] });
  if (!job.ok) throw new Error(job.error.message);
  await engine.waitForJob(job.value.job_id);
  server = await startServer({ engine, rendererDir: renderer, port: 0 });
});

afterAll(async () => {
  await server.close();
  await engine.close();
  cleanup();
});

function post(method: string, body: unknown, token: string | null = server.token) {
  return fetch(`http://127.0.0.1:${server.port}/api/${method}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { 'x-turnwise-token': token } : {}),
    },
    body: JSON.stringify(body),
  });
}

interface Envelope<V> {
  ok: boolean;
  value: V;
  error?: { code: string; message: string };
}

async function call<V>(method: string, body: unknown): Promise<Envelope<V>> {
  return (await (await post(method, body)).json()) as Envelope<V>;
}

const CASES: [string, unknown][] = [
  ['appInfo', {}],
  ['listFormats', {}],
  ['listDatasets', {}],
  ['listTrajectories', {}],
  ['listTrajectories', { dataset_id: 'runs', sort: 'reward', descending: true, limit: 2 }],
  ['listTrajectories', { group_id: 'T1', outcome: 'failure' }],
  ['listTrajectories', { search: 'b' }],
  ['getTrajectory', { trajectory_id: 'runs:a' }],
  ['getTrajectory', { trajectory_id: 'runs:missing' }],
  ['getTurnText', { trajectory_id: 'runs:a', turn_index: 1, offset: 2, length: 5 }],
  ['runSql', { sql: 'SELECT task_id, count(*) AS n FROM trajectories GROUP BY 1 ORDER BY 1' }],
  ['runSql', { sql: 'DELETE FROM turns' }],
  ['listReviewQueue', {}],
  ['listTrajectories', { limit: -1 }],
  ['noSuchMethod', {}],
  ['getJob', { job_id: 'nope' }],
];

describe('the API over dispatch and over HTTP', () => {
  it.each(CASES)('%s %j answers the same both ways', async (method, input) => {
    const direct = await engine.dispatchByName(method, input);
    const response = await post(method, input);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(direct)));
  });

  it('answers with real data', async () => {
    const list = await call<{ total: number }>('listTrajectories', { group_id: 'T1' });
    expect(list.value.total).toBe(2);
    const sql = await call<{ rows: unknown[] }>('runSql', {
      sql: 'SELECT count(*) AS n FROM turns',
    });
    expect(sql.value.rows).toEqual([{ n: 21 }]);
    const turn = await call<unknown>('getTurnText', {
      trajectory_id: 'runs:a',
      turn_index: 1,
      offset: 2,
      length: 5,
    });
    expect(turn.value).toEqual({ text: 'lve t', offset: 2, total_length: 'Solve task T1.'.length });
  });

  it('cancels a running query over HTTP by its id, and answers the next one', async () => {
    const slow = call<unknown>('runSql', {
      sql: 'SELECT count(*) FROM range(100000000) a, range(100000000) b WHERE a.range + b.range = -1',
      query_id: 'http-cancel-1',
    });
    let cancelled = false;
    for (let attempt = 0; attempt < 50 && !cancelled; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const answer = await call<{ cancelled: boolean }>('cancelSql', { query_id: 'http-cancel-1' });
      cancelled = answer.value.cancelled;
    }
    expect(cancelled).toBe(true);
    expect(await slow).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    const next = await call<{ rows: unknown[] }>('runSql', { sql: 'SELECT 1 AS one' });
    expect(next.value.rows).toEqual([{ one: 1 }]);
  });

  it('gives a range of turns when asked, and every turn otherwise', async () => {
    type Detail = { trajectory: { n_turns: number }; turns: { turn_index: number }[] };
    const whole = await call<Detail>('getTrajectory', { trajectory_id: 'runs:a' });
    expect(whole.value.turns.map((t) => t.turn_index)).toEqual(
      Array.from({ length: whole.value.trajectory.n_turns }, (_, i) => i),
    );
    const part = await call<Detail>('getTrajectory', {
      trajectory_id: 'runs:a',
      turns: { from: 1, to: 2 },
    });
    expect(part.value.turns).toEqual(whole.value.turns.slice(1, 3));
    expect(part.value.trajectory).toEqual(whole.value.trajectory);
    const beyond = await call<Detail>('getTrajectory', {
      trajectory_id: 'runs:a',
      turns: { from: 500, to: 900 },
    });
    expect(beyond.value.turns).toEqual([]);
    const backwards = await call<Detail>('getTrajectory', {
      trajectory_id: 'runs:a',
      turns: { from: 3, to: 1 },
    });
    expect(backwards.error?.code).toBe('bad_request');
  });
});

describe('HTTP guards', () => {
  it('answers 401 without the token or with a wrong one', async () => {
    for (const token of [null, 'wrong', `${server.token}x`]) {
      const response = await post('listDatasets', {}, token);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        ok: false,
        error: { code: 'unauthorized', message: 'missing or wrong token' },
      });
    }
    const events = await fetch(`http://127.0.0.1:${server.port}/api/events?token=bad`);
    expect(events.status).toBe(401);
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: server.port,
          path: '/api/listDatasets',
          method: 'POST',
          headers: { host: 'evil.example:80', 'x-turnwise-token': server.token },
        },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).toBe(421);
  });

  it('rejects malformed JSON bodies and non-POST API calls', async () => {
    const bad = await fetch(`http://127.0.0.1:${server.port}/api/listDatasets`, {
      method: 'POST',
      headers: { 'x-turnwise-token': server.token },
      body: '{not json',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Envelope<unknown>).error?.code).toBe('bad_request');
    const get = await fetch(`http://127.0.0.1:${server.port}/api/listDatasets`, {
      headers: { 'x-turnwise-token': server.token },
    });
    expect(get.status).toBe(405);
  });

  it('serves the renderer with a CSP and never a file outside it', async () => {
    const index = await fetch(`http://127.0.0.1:${server.port}/?token=${server.token}`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await index.text()).toContain('<title>Turnwise</title>');
    for (const probe of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const response = await fetch(`http://127.0.0.1:${server.port}${probe}?token=${server.token}`);
      expect(await response.text()).not.toContain('not for the browser');
    }
  });
});

describe('jobs over HTTP', () => {
  it('streams progress events and the final state of an import', async () => {
    const records = Array.from({ length: 400 }, (_, i) =>
      turnwiseRecord({ id: `r${i}`, task: `t${i % 20}` }),
    );
    const file = writeJsonl(path.join(dir, 'bigger.jsonl'), records);
    const controller = new AbortController();
    const events = await fetch(`http://127.0.0.1:${server.port}/api/events?token=${server.token}`, {
      signal: controller.signal,
    });
    expect(events.headers.get('content-type')).toBe('text/event-stream');
    const started = await call<JobState>('startImport', { paths: [file] });
    expect(started.ok).toBe(true);
    const jobId: string = started.value.job_id;
    const seen: JobState[] = [];
    if (!events.body) throw new Error('the event stream has no body');
    const reader = events.body.getReader();
    let buffer = '';
    while (!seen.some((job) => job.job_id === jobId && job.status !== 'running')) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += new TextDecoder().decode(value);
      const parts = buffer.split('\n\n');
      buffer = parts.pop() ?? '';
      for (const part of parts) {
        if (part.startsWith('data: ')) seen.push(JSON.parse(part.slice(6)) as JobState);
      }
    }
    controller.abort();
    const mine = seen.filter((job) => job.job_id === jobId);
    expect(mine.at(-1)).toMatchObject({
      status: 'succeeded',
      result: { dataset: 'bigger', trajectories: 400 },
    });
    expect(mine.some((job) => job.status === 'running')).toBe(true);
    const polled = await call<JobState>('getJob', { job_id: jobId });
    expect(polled.value.status).toBe('succeeded');
  });

  it('cancels a job: it ends cancelled and nothing is imported', async () => {
    const records = Array.from({ length: 3000 }, (_, i) =>
      turnwiseRecord({ id: `x${i}`, actions: 6 }),
    );
    const file = writeJsonl(path.join(dir, 'to-cancel.jsonl'), records);
    const started = await call<JobState>('startImport', { paths: [file] });
    const cancelled = await call<JobState>('cancelJob', { job_id: started.value.job_id });
    expect(cancelled.ok).toBe(true);
    const final = await engine.waitForJob(started.value.job_id);
    expect(final.status).toBe('cancelled');
    expect(final.error?.code).toBe('cancelled');
    const count = await call<{ rows: unknown[] }>('runSql', {
      sql: `SELECT count(*) AS n FROM datasets WHERE name = 'to-cancel'`,
    });
    expect(count.value.rows).toEqual([{ n: 0 }]);
  });
});

describe('browser-mode uploads', () => {
  it('stores a dropped file privately and returns a path that imports', async () => {
    const body = JSON.stringify(turnwiseRecord({ id: 'dropped', task: 'up' })) + '\n';
    const refused = await fetch(`http://127.0.0.1:${server.port}/upload?name=x.jsonl`, {
      method: 'POST',
      body,
    });
    expect(refused.status).toBe(401);
    const response = await fetch(
      `http://127.0.0.1:${server.port}/upload?name=${encodeURIComponent('../../evil/drop.jsonl')}`,
      {
        method: 'POST',
        headers: { 'x-turnwise-token': server.token },
        body,
      },
    );
    const result = (await response.json()) as Envelope<{ path: string }>;
    expect(result.ok).toBe(true);
    expect(path.basename(result.value.path)).toBe('drop.jsonl');
    expect(result.value.path).not.toContain('evil');
    const started = await call<JobState>('startImport', { paths: [result.value.path] });
    const final = await engine.waitForJob(started.value.job_id);
    expect(final).toMatchObject({
      status: 'succeeded',
      result: { dataset: 'drop', trajectories: 1 },
    });
  });
});
