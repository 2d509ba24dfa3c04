// Browser mode refuses, over real HTTP: foreign Host headers, requests from other origins, page
// loads without the token; and it listens beyond loopback only when told to, with a warning.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine } from '../engine/engine';
import type { Engine } from '../engine/core/engine-types';
import { tempDir } from '../engine/testing/test-support';
import { tokenCookieName } from './request-guard';
import { startServer, type RunningServer } from './server';

let engine: Engine;
let server: RunningServer;
let dir: string;
let renderer: string;
let cleanup: () => void;

beforeAll(async () => {
  ({ dir, cleanup } = tempDir());
  renderer = path.join(dir, 'renderer');
  mkdirSync(path.join(renderer, 'assets'), { recursive: true });
  writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>Turnwise</title>');
  writeFileSync(path.join(renderer, 'assets', 'app.js'), 'console.log(1);');
  engine = await openEngine({ dbPath: path.join(dir, 'ws.duckdb') });
  server = await startServer({ engine, rendererDir: renderer, port: 0 });
});

afterAll(async () => {
  await server.close();
  await engine.close();
  cleanup();
});

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request: unlike fetch, it may set Host, Origin and Cookie to anything. */
function send(
  options: { method?: string; path: string; headers?: OutgoingHttpHeaders; address?: string },
  body = '',
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: options.address ?? '127.0.0.1',
        port: server.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: { host: `127.0.0.1:${server.port}`, ...options.headers },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

function apiCall(headers: OutgoingHttpHeaders): Promise<Reply> {
  return send(
    {
      method: 'POST',
      path: '/api/listDatasets',
      headers: { 'x-turnwise-token': server.token, ...headers },
    },
    '{}',
  );
}

describe('Host header', () => {
  it('answers 421 to any name but loopback, on any path', async () => {
    const port = server.port;
    for (const host of [
      `evil.example:${port}`,
      `127.0.0.1.nip.io:${port}`,
      `127.0.0.1:${port + 1}`,
    ]) {
      expect((await apiCall({ host })).status, host).toBe(421);
      expect((await send({ path: `/?token=${server.token}`, headers: { host } })).status).toBe(421);
    }
    expect((await apiCall({ host: `localhost:${port}` })).status).toBe(200);
  });
});

describe('Origin and Sec-Fetch-Site', () => {
  it('refuses API calls made by pages of other origins, even with the token', async () => {
    for (const headers of [
      { origin: 'http://evil.example' },
      { origin: `http://127.0.0.1:${server.port + 1}` },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      const reply = await apiCall(headers);
      expect(reply.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    }
    const upload = await send({
      method: 'POST',
      path: '/upload?name=a.jsonl',
      headers: { 'x-turnwise-token': server.token, origin: 'http://evil.example' },
    });
    expect(upload.status).toBe(403);
  });

  it('answers the app itself', async () => {
    const same = await apiCall({
      origin: `http://127.0.0.1:${server.port}`,
      'sec-fetch-site': 'same-origin',
    });
    expect(same.status).toBe(200);
    expect(JSON.parse(same.body)).toMatchObject({ ok: true });
  });
});

describe('token on page loads', () => {
  it('refuses the page and its assets without the token, and says how to get in', async () => {
    for (const target of ['/', '/index.html', '/assets/app.js', '/?token=wrong']) {
      const reply = await send({ path: target });
      expect(reply.status, target).toBe(401);
      expect(reply.body).not.toContain('console.log');
      expect(reply.body).toContain('?token=');
    }
  });

  it('sets a same-site-only cookie from the URL token, which then opens the assets', async () => {
    const first = await send({ path: `/?token=${server.token}` });
    expect(first.status).toBe(200);
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toContain(`${tokenCookieName(server.port)}=${server.token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const asset = await send({
      path: '/assets/app.js',
      headers: { cookie: `${tokenCookieName(server.port)}=${server.token}` },
    });
    expect(asset.status).toBe(200);
    expect(asset.body).toBe('console.log(1);');
    for (const cookieHeader of [
      `${tokenCookieName(server.port)}=wrong`,
      `${tokenCookieName(server.port + 1)}=${server.token}`,
    ]) {
      const refused = await send({ path: '/assets/app.js', headers: { cookie: cookieHeader } });
      expect(refused.status, cookieHeader).toBe(401);
    }
  });

  it('never takes the cookie in place of the API token', async () => {
    const reply = await send(
      {
        method: 'POST',
        path: '/api/listDatasets',
        headers: { cookie: `${tokenCookieName(server.port)}=${server.token}` },
      },
      '{}',
    );
    expect(reply.status).toBe(401);
  });
});

describe('listening address', () => {
  // All of 127/8 is loopback on Linux, but a socket bound to 127.0.0.1 answers only that address.
  it('listens on 127.0.0.1 only by default', async () => {
    await expect(send({ path: '/', address: '127.0.0.2' })).rejects.toThrow(/ECONNREFUSED/);
  });

  it('turnwise serve --host listens where told and warns; --max-upload-mb caps uploads', async () => {
    const cli = path.resolve(import.meta.dirname, '..', 'bin', 'turnwise.js');
    const child = spawn(
      process.execPath,
      [
        cli,
        'serve',
        '--db',
        path.join(dir, 'cli.duckdb'),
        '--host',
        '0.0.0.0',
        '--max-upload-mb',
        '1',
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, TURNWISE_RENDERER_DIR: renderer },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const url = await new Promise<URL>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          const match = /(http:\/\/\S+\?token=[\w-]+)/.exec(stdout);
          if (match?.[1]) resolve(new URL(match[1]));
        });
        child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
      });
      await expect.poll(() => stderr).toMatch(/warning: listening on 0\.0\.0\.0/);
      // Reached through another address than 127.0.0.1, as a machine on the network would.
      const reply = await new Promise<number>((resolve, reject) => {
        const request = httpRequest(
          {
            host: '127.0.0.2',
            port: Number(url.port),
            path: `/?token=${url.searchParams.get('token')}`,
          },
          (response) => resolve(response.statusCode ?? 0),
        );
        request.on('error', reject);
        request.end();
      });
      expect(reply).toBe(200);
      const upload = await fetch(`http://127.0.0.1:${url.port}/upload?name=big.jsonl`, {
        method: 'POST',
        headers: { 'x-turnwise-token': url.searchParams.get('token') ?? '' },
        body: 'x'.repeat(2 * 2 ** 20),
      });
      expect(upload.status).toBe(413);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }, 60_000);
});
