// Runs one benchmark task in its own process (so its peak memory is its own) and reads the JSON
// Measurement line it prints last; the task's progress lines on stderr pass through.
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import type { Measurement } from './tasks/measure';

export function runTask(task: string, args: string[], env: NodeJS.ProcessEnv = {}): Measurement {
  const script = path.join(import.meta.dirname, 'tasks', `${task}.ts`);
  const output = execFileSync(process.execPath, ['--import', 'tsx', script, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const last = output.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as Measurement;
}

export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The opening of each section: its date and the machine's load when it started (other work on
 * the machine makes the figures noisy; a load above the core count means they are inflated).
 */
export function runStamp(): string {
  const load = loadavg()[0] ?? 0;
  return `Run ${today()}, load average ${load.toFixed(1)} on ${cpus().length} cores at the start.`;
}
