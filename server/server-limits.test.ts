// Browser mode's limits over real HTTP: upload size, count and name caps, upload cleanup after an
// import and on close, broken percent-encoding, deep JSON and doubled Host headers answered 400.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobState } from '../shared/api';
import { openEngine } from '../engine/engine';
import type { Engine } from '../engine/core/engine-types';
import { tempDir, turnwiseRecord } from '../engine/testing/test-support';
import { startServer, type RunningServer } from './server';
import { UploadError, UploadStore } from './upload-store';

let engine: Engine;
let server: RunningServer;
let dir: string;
let uploadRoot: string;
let cleanup: () => void;

beforeAll(async () => {
  ({ dir, cleanup } = tempDir());
  const renderer = path.join(dir, 'renderer');
  mkdirSync(renderer, { recursive: true });
  writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>Turnwise</title>');
  uploadRoot = path.join(dir, 'uploads');
  engine = await openEngine({ dbPath: path.join(dir, 'ws.duckdb') });
  server = await startServer({
    engine,
    rendererDir: renderer,
    port: 0,
    uploadDir: uploadRoot,
    uploadLimits: { maxBytes: 4096, maxCount: 2 },
  });
});

afterAll(async () => {
  await server.close();
  await engine.close();
  cleanup();
});

interface Envelope<V> {
  ok: boolean;
  value: V;
  error?: { code: string; message: string };
}

function upload(name: string, body: RequestInit['body'], init: RequestInit = {}) {
  return fetch(`http://127.0.0.1:${server.port}/upload?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'x-turnwise-token': server.token },
    body,
    ...init,
  });
}

async function call<V>(method: string, body: string): Promise<{ status: number } & Envelope<V>> {
  const response = await fetch(`http://127.0.0.1:${server.port}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-turnwise-token': server.token },
    body,
  });
  return { status: response.status, ...((await response.json()) as Envelope<V>) };
}

/** Every file under the upload root (the store nests server and upload folders). */
function uploadedFiles(): string[] {
  if (!existsSync(uploadRoot)) return [];
  return readdirSync(uploadRoot, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Sends bytes exactly as given: fetch and http.request would not send two Host headers. */
function rawRequest(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () => socket.write(text));
    let reply = '';
    socket.on('data', (chunk: Buffer) => (reply += chunk.toString()));
    socket.on('end', () => resolve(reply));
    socket.on('error', reject);
  });
}

const RECORD = JSON.stringify(turnwiseRecord({ id: 'up', task: 'T' })) + '\n';

describe('browser-mode request limits', () => {
  it('refuses a request with two Host headers', async () => {
    const host = `127.0.0.1:${server.port}`;
    const reply = await rawRequest(
      `POST /api/listDatasets HTTP/1.1\r\nHost: ${host}\r\nHost: evil.example\r\n` +
        `x-turnwise-token: ${server.token}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    );
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(reply).toContain('more than one Host header');
  });

  it('answers broken percent-encoding with 400, in API paths and page paths', async () => {
    const api = await fetch(`http://127.0.0.1:${server.port}/api/list%E0%A4%A`, {
      method: 'POST',
      headers: { 'x-turnwise-token': server.token },
      body: '{}',
    });
    expect(api.status).toBe(400);
    expect(((await api.json()) as Envelope<never>).error?.message).toContain('percent-encoding');
    const page = await fetch(`http://127.0.0.1:${server.port}/%E0%A4%A?token=${server.token}`);
    expect(page.status).toBe(400);
  });

  it('answers JSON nested past the limit with 400 and still takes ordinary nesting', async () => {
    const deep = await call('listDatasets', '['.repeat(100_000) + ']'.repeat(100_000));
    expect(deep.status).toBe(400);
    expect(deep.error?.message).toContain('nests deeper than 64');
    // Brackets inside strings are text, not nesting.
    const text = await call('runSql', JSON.stringify({ sql: `SELECT '${'['.repeat(500)}' AS s` }));
    expect(text.ok).toBe(true);
  });
});

describe('browser-mode uploads', () => {
  it('refuses an upload over the size cap, declared or streamed, and keeps nothing of it', async () => {
    const declared = await upload('big.jsonl', 'x'.repeat(5000));
    expect(declared.status).toBe(413);
    expect(((await declared.json()) as Envelope<never>).error?.message).toContain(
      'over 4096 bytes',
    );
    // A streamed body has no Content-Length: the cap is counted as the bytes arrive.
    const streamed = await upload(
      'big.jsonl',
      Readable.toWeb(Readable.from([Buffer.alloc(3000, 'x'), Buffer.alloc(3000, 'x')])) as never,
      { duplex: 'half' } as RequestInit,
    );
    expect(streamed.status).toBe(413);
    expect(uploadedFiles()).toEqual([]);
  });

  it('refuses a file name longer than 255 bytes with 400', async () => {
    const response = await upload(`${'n'.repeat(300)}.jsonl`, RECORD);
    expect(response.status).toBe(400);
    expect(((await response.json()) as Envelope<never>).error?.message).toContain(
      'at most 255 are allowed',
    );
  });

  it('removes an upload once its import succeeds, keeps one whose import failed, caps the count', async () => {
    const good = (await (await upload('good.jsonl', RECORD)).json()) as Envelope<{ path: string }>;
    const bad = (await (await upload('bad.jsonl', '{"broken": \n')).json()) as Envelope<{
      path: string;
    }>;
    expect(uploadedFiles().sort()).toEqual([good.value.path, bad.value.path].sort());
    // Two are waiting: a third is refused until one is imported.
    const third = await upload('third.jsonl', RECORD);
    expect(third.status).toBe(429);

    const goodJob = await call<JobState>(
      'startImport',
      JSON.stringify({ paths: [good.value.path] }),
    );
    expect((await engine.waitForJob(goodJob.value.job_id)).status).toBe('succeeded');
    const badJob = await call<JobState>('startImport', JSON.stringify({ paths: [bad.value.path] }));
    expect((await engine.waitForJob(badJob.value.job_id)).status).toBe('failed');
    await expect.poll(() => uploadedFiles()).toEqual([bad.value.path]);

    // An attached dataset would read a file the server removes on close: refused.
    const attach = await call(
      'startImport',
      JSON.stringify({ paths: [bad.value.path], attach: true }),
    );
    expect(attach.status).toBe(400);
    expect(attach.error?.message).toContain('cannot be attached');

    const after = await upload('third.jsonl', RECORD);
    expect(after.status).toBe(200);
  });

  it('removes every upload when the server closes', async () => {
    const other = await startServer({
      engine,
      rendererDir: path.join(dir, 'renderer'),
      port: 0,
      uploadDir: uploadRoot,
    });
    const response = await fetch(`http://127.0.0.1:${other.port}/upload?name=left.jsonl`, {
      method: 'POST',
      headers: { 'x-turnwise-token': other.token },
      body: RECORD,
    });
    const { value } = (await response.json()) as Envelope<{ path: string }>;
    expect(existsSync(value.path)).toBe(true);
    await other.close();
    expect(existsSync(value.path)).toBe(false);
    // The other server's uploads are its own: this one's are untouched.
    expect(uploadedFiles().length).toBeGreaterThan(0);
  });

  // /dev/full answers every write with ENOSPC, as a full disk does.
  it.runIf(process.platform === 'linux')('says "disk full" when the disk is full', async () => {
    const store = new UploadStore(path.join(dir, 'full'), undefined, () =>
      createWriteStream('/dev/full'),
    );
    const body = Object.assign(Readable.from([Buffer.alloc(1 << 20, 'x')]), {
      headers: {},
    }) as never;
    const error = await store.receive(body, 'a.jsonl').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ status: 507, message: expect.stringMatching(/^disk full/) });
    expect(store.count).toBe(0);
  });
});
