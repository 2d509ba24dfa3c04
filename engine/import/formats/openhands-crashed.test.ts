// An OpenHands instance whose run failed before any event (its EvalOutput has an empty history and
// `error` set, as when the runtime does not start) is kept with 0 turns and its error; an empty
// history without an error is still a bad record.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readAllItems, samplePath, tempDir, writeJsonl } from '../../testing/test-support';
import { openhandsFormat } from './openhands';

const { dir, cleanup } = tempDir('turnwise-openhands-crashed-');
afterAll(cleanup);

describe('openhands EvalOutput of a crashed instance', () => {
  it('is a trajectory of 0 turns with its error, beside the real records', async () => {
    const lines = readFileSync(samplePath('openhands', 'multi_swe_bench_eval_output.jsonl'), 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    const first = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    const crashed = {
      ...first,
      instance_id: 'crashed__repo-1',
      history: [],
      error: 'RuntimeError: the runtime failed to start',
    };
    const silent = { ...first, instance_id: 'silent__repo-2', history: [], error: null };
    const file = writeJsonl(path.join(dir, 'output.jsonl'), [first, crashed, silent]);
    const items = await readAllItems(openhandsFormat, file);
    const trajectories = items.flatMap((item) =>
      item.kind === 'trajectory' ? [item.trajectory] : [],
    );
    expect(trajectories.map((t) => [t.source_id, t.turns.length > 0])).toEqual([
      [first.instance_id, true],
      ['crashed__repo-1', false],
    ]);
    expect(trajectories[1]?.metadata?.error).toBe('RuntimeError: the runtime failed to start');
    expect(trajectories[1]).toMatchObject({ success: false, reward: 0 });
    expect(items.filter((item) => item.kind === 'error')).toMatchObject([
      { line: 3, reason: expect.stringMatching(/history: the event list is empty/) },
    ]);
  });
});
