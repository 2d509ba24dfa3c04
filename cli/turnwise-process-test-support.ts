// The real `turnwise` command started as a child process, as a user runs it, for the tests that
// need a process: its start, its exit, a pipe its reader closes. Most CLI tests run the command
// in their own process instead (turnwise in cli-test-support.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';

const bin = path.resolve(import.meta.dirname, '..', 'bin', 'turnwise.js');

export type CliRun = { code: number | null; stdout: string; stderr: string };

/** A run of the process: a process ended by a signal has no exit code. */
export type ProcessRun = CliRun & { signal: NodeJS.Signals | null };

/**
 * `turnwise args` as a child process with `env` added to this process's environment. Not
 * spawnSync: that would block a server answering the command in this process.
 */
export function turnwiseProcess(
  args: string[],
  env: Record<string, string> = {},
): Promise<ProcessRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
