// `turnwise serve` for the benchmarks (scripts/serve-workspace.ts), with the server's peak memory.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { startServe } from '../../scripts/serve-workspace';

export interface Served {
  url: string;
  process: ChildProcess;
  /** The server process's peak resident memory so far, in MB (Linux /proc). */
  peakRssMb: () => number;
  stop: () => Promise<void>;
}

export async function serveWorkspace(db: string, rendererDir: string): Promise<Served> {
  const served = await startServe(db, {
    env: { ...process.env, TURNWISE_RENDERER_DIR: rendererDir },
    timeoutMs: 60_000,
  });
  return {
    ...served,
    peakRssMb: () => {
      const status = readFileSync(`/proc/${served.process.pid}/status`, 'utf8');
      const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
      return kb === undefined ? NaN : Math.round(Number(kb) / 1024);
    },
  };
}
