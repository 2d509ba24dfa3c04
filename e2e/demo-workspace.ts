// The demo workspace each spec file works on: a copy of its own of the template global setup
// built, served by a `turnwise serve` of its own for as long as the file runs. What one file
// writes (imports, labels, jobs, settings) no other file sees, so the files run in any order and
// on two workers at once.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { startServe, type ServeProcess } from '../scripts/serve-workspace';

/** The template's path: global setup builds it and passes it on to the workers. */
export const TEMPLATE_ENV = 'TURNWISE_E2E_TEMPLATE';

// The server of the spec file this worker runs. Only useDemoWorkspace's hooks set it, and a
// worker runs one file at a time (fullyParallel is off), so there is one at most.
let current: URL | undefined;

/**
 * Serves a fresh copy of the demo workspace from this file's first test to its last. Call it once
 * at the top of a spec file, before any hook that calls the API.
 */
export function useDemoWorkspace(): void {
  let dir: string | undefined;
  let server: ServeProcess | undefined;
  test.beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'turnwise-e2e-file-'));
    server = await startServe(copyTemplate(dir), { timeoutMs: 30_000 });
    current = new URL(server.url);
  });
  test.afterAll(async () => {
    current = undefined;
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
}

/** The URL (with its token) of the server useDemoWorkspace started for the running file. */
export function demoServerUrl(): URL {
  if (!current) throw new Error('no demo workspace is served: call useDemoWorkspace() in the spec');
  return current;
}

// A workspace is one DuckDB file, and its write-ahead log if one was left; the commands that
// built the template have exited, so nothing writes to it while it is copied.
function copyTemplate(dir: string): string {
  const template = process.env[TEMPLATE_ENV];
  if (!template) throw new Error(`${TEMPLATE_ENV} is not set: run through playwright test`);
  const db = path.join(dir, 'demo.duckdb');
  copyFileSync(template, db);
  if (existsSync(`${template}.wal`)) copyFileSync(`${template}.wal`, `${db}.wal`);
  return db;
}
