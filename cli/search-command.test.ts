// `turnwise search` through the real command on a real SWE-agent trajectory: the count and the
// first matches agree with SQL over the turns, and a missing text is a usage error.
import { beforeAll, describe, expect, it } from 'vitest';
import { samplePath } from '../engine/testing/test-support';
import { cliWorkspace, onlyJson, sqlRows, turnwise } from './cli-test-support';

const { db } = cliWorkspace();

beforeAll(async () => {
  for (const [file, dataset] of [
    ['pydicom__pydicom-1458.old-v0.traj', 'pydicom'],
    ['swe-agent__test-repo-i1.traj', 'repo'],
  ] as const) {
    expect(
      (
        await turnwise(
          'import',
          samplePath('swe-agent-traj', file),
          '--db',
          db,
          '--dataset',
          dataset,
        )
      ).code,
    ).toBe(0);
  }
}, 120_000);

describe('turnwise search', () => {
  it('counts the trajectories with a matching turn and lists them', async () => {
    const [expected] = await sqlRows(
      db,
      `SELECT count(DISTINCT trajectory_id) AS n FROM turns
       WHERE instr(lower(content), 'pixel_array') > 0`,
    );
    expect(Number(expected?.n)).toBe(1);
    const found = onlyJson(await turnwise('search', '--db', db, 'PIXEL_ARRAY', '--json'));
    expect(found).toMatchObject({ status: 'complete', trajectories: 1 });
    expect(found.first).toEqual([
      expect.objectContaining({ task_id: expect.stringMatching(/pydicom/) }),
    ]);

    const text = await turnwise('search', '--db', db, ' def ');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /^\d+ trajectories have a turn containing 'def' \(\d+ turns searched\)\./,
    );
  });

  it('needs exactly one text', async () => {
    const missing = await turnwise('search', '--db', db);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('give the text to search for as one argument');
  });
});
