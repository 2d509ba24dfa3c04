// A workspace of a spec's own, built with `turnwise` commands and served like the demo one, for
// specs that need other data than the demo workspace's (demo-workspace.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServe, type ServeProcess } from '../scripts/serve-workspace';

const root = path.resolve(import.meta.dirname, '..');
const cli = path.join(root, 'bin', 'turnwise.js');

export interface OwnWorkspace {
  dir: string;
  db: string;
  /** Runs a `turnwise` command; a failure throws with its stderr. */
  turnwise: (...args: string[]) => string;
  serve: () => Promise<URL>;
  dispose: () => Promise<void>;
}

export function ownWorkspace(prefix: string): OwnWorkspace {
  const dir = mkdtempSync(path.join(tmpdir(), `turnwise-${prefix}-`));
  const db = path.join(dir, `${prefix}.duckdb`);
  let server: ServeProcess | undefined;
  return {
    dir,
    db,
    turnwise: (...args) => {
      const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`turnwise ${args[0]} failed: ${result.stderr}`);
      return result.stdout;
    },
    serve: async () => {
      server = await startServe(db, { timeoutMs: 30_000 });
      return new URL(server.url);
    },
    dispose: async () => {
      await server?.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const demoFile = (name: string) => path.join(root, 'datasets', 'demo', name);
