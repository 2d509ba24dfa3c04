// Starts `turnwise serve` on a workspace as a user would, and reads the URL with its token from
// its output. Used by the browser tests' global setup and by the benchmarks.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const CLI = path.resolve(import.meta.dirname, '..', 'bin', 'turnwise.js');

export interface ServeProcess {
  url: string;
  process: ChildProcess;
  /** Stops the server and waits for it to exit. */
  stop: () => Promise<void>;
}

export async function startServe(
  db: string,
  options: { env?: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<ServeProcess> {
  const server = spawn(process.execPath, [CLI, 'serve', '--db', db, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: options.env ?? process.env,
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`turnwise serve printed no URL: ${output}`)),
      options.timeoutMs,
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
    stop: async () => {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}
