// Starts `turnwise serve` on a workspace as a user would (see e2e/global-setup.ts) and reads the
// URL with its token from its first line of output.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const CLI = path.resolve(import.meta.dirname, '..', '..', 'bin', 'turnwise.js');

export interface Served {
  url: string;
  process: ChildProcess;
  /** The server process's peak resident memory so far, in MB (Linux /proc). */
  peakRssMb: () => number;
  stop: () => Promise<void>;
}

export async function serveWorkspace(db: string, rendererDir: string): Promise<Served> {
  const server = spawn(process.execPath, [CLI, 'serve', '--db', db, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, TURNWISE_RENDERER_DIR: rendererDir },
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`turnwise serve printed no URL: ${output}`)),
      60_000,
    );
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`turnwise serve exited with ${code}: ${output}`));
    });
  });
  return {
    url,
    process: server,
    peakRssMb: () => {
      const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
      const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
      return kb === undefined ? NaN : Math.round(Number(kb) / 1024);
    },
    stop: async () => {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}
