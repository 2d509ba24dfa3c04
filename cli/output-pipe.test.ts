// The real command writing into a pipe its reader closes early, as `turnwise sql ... | head` does.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { tempDir, turnwiseRecord, writeJsonl } from '../engine/testing/test-support';
import { turnwise } from './cli-test-support';

const bin = path.resolve(import.meta.dirname, '..', 'bin', 'turnwise.js');

it('ends quietly with status 0 when the reader of its output goes away', async () => {
  const tmp = tempDir();
  try {
    const db = path.join(tmp.dir, 'ws.duckdb');
    const runs = writeJsonl(path.join(tmp.dir, 'runs.jsonl'), [turnwiseRecord({ id: 'a' })]);
    expect((await turnwise('import', runs, '--db', db)).code).toBe(0);
    const child = spawn(
      process.execPath,
      [bin, 'sql', '--db', db, 'SELECT range AS n FROM range(200000)'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Like `| head` that has read its lines: the pipe is closed before the rows are written.
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(code).toBe(0);
  } finally {
    tmp.cleanup();
  }
}, 60_000);
