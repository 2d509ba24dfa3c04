// Tasks that raised, as tau-bench's own run.py writes them (fixtures/SOURCE.md): traj [] with
// info.error and a traceback. They are trajectories of 0 turns, failures, and never abort a file.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Workspace } from '../../store/workspace';
import { readAllItems, samplePath, tempDir, trajectoriesOf } from '../../testing/test-support';
import { runImport } from '../run-import';
import { tauBenchFormat } from './tau-bench';

const CRASHED = path.join(
  import.meta.dirname,
  'fixtures/tau-bench/airline.tool-calling-gpt-4o-user-human.crashed.json',
);

let dir = '';
let cleanup: () => void = () => undefined;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const readList = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown[];

describe('tau-bench tasks that crashed', () => {
  it('reads each crashed task as 0 turns with its error and traceback', async () => {
    const [first, second] = trajectoriesOf(await readAllItems(tauBenchFormat, CRASHED));
    expect([first?.source_id, second?.source_id]).toEqual(['airline/0:trial0', 'airline/1:trial0']);
    expect(first?.turns).toEqual([]);
    expect(first?.reward).toBe(0);
    expect(first?.metadata?.error).toBe('EOF when reading a line');
    expect(first?.metadata?.traceback).toMatch(/^Traceback[\s\S]*EOFError/);
  });

  it('still refuses an empty traj that states no error', async () => {
    const file = path.join(dir, 'airline.json');
    const [crashed] = readList(CRASHED) as Record<string, unknown>[];
    writeFileSync(file, JSON.stringify([{ ...crashed, info: {} }], null, 1));
    const items = await readAllItems(tauBenchFormat, file);
    expect(items).toEqual([
      { kind: 'error', line: 2, reason: 'records[0]: traj: the message list is empty' },
    ]);
  });

  it('imports a run with a crashed task whole, and counts the crash as a failure', async () => {
    const sample = readList(samplePath('tau-bench', 'gpt-4o-airline.subset4.json'));
    const [crashed] = readList(CRASHED);
    const file = path.join(dir, 'gpt-4o-airline.json');
    writeFileSync(file, JSON.stringify([...sample.slice(0, 2), crashed, ...sample.slice(2)]));
    const workspace = await Workspace.open(path.join(dir, 'ws.duckdb'));
    try {
      const summary = await runImport(
        workspace,
        { paths: [file], format: 'auto', onError: 'abort' },
        () => undefined,
        new AbortController().signal,
      );
      expect([summary.trajectories, summary.skipped]).toEqual([5, []]);
      const rows = await workspace.query(
        `SELECT reward, success, n_turns, metadata->>'error' AS error FROM trajectories
         WHERE n_turns = 0`,
      );
      expect(rows).toEqual([
        { reward: 0, success: false, n_turns: 0, error: 'EOF when reading a line' },
      ]);
    } finally {
      workspace.close();
    }
  });
});
