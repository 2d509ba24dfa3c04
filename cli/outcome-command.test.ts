// `turnwise outcome` through the real command on a real NeMo Gym file: show, dry-run, set, reset,
// and a refused rule that changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { samplePath } from '../engine/testing/test-support';
import { cliWorkspace, onlyJson, sqlRows, turnwise } from './cli-test-support';

const { db } = cliWorkspace();
const file = samplePath('nemo-gym', 'example_single_tool_call.example_rollouts.jsonl');

const successes = async () =>
  (await sqlRows(db, 'SELECT count(*) FILTER (WHERE success) AS n FROM trajectories'))[0]?.n;

beforeAll(async () => {
  expect((await turnwise('import', file, '--db', db, '--dataset', 'weather')).code).toBe(0);
}, 120_000);

describe('turnwise outcome', () => {
  it('shows the default rule and its counts', async () => {
    const shown = await turnwise('outcome', '--db', db, '--dataset', 'weather');
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain("Dataset 'weather': rule reward >= 1 (default).");
    expect(shown.stdout).toContain('5 success, 0 failure, 0 unknown');
  });

  it('previews with --dry-run, sets with --rule and goes back with --reset', async () => {
    const preview = onlyJson(
      await turnwise(
        'outcome',
        '--db',
        db,
        '--dataset',
        'weather',
        '--rule',
        'reward > 1',
        '--dry-run',
        '--json',
      ),
    );
    expect(preview).toEqual({ success: 0, failure: 5, unknown: 0, explicit: 0 });
    expect(await successes()).toBe(5);
    const set = onlyJson(
      await turnwise(
        'outcome',
        '--db',
        db,
        '--dataset',
        'weather',
        '--rule',
        'reward > 1',
        '--json',
      ),
    );
    expect(set).toMatchObject({ rule: 'reward > 1', is_default: false });
    expect(await successes()).toBe(0);
    const reset = onlyJson(
      await turnwise('outcome', '--db', db, '--dataset', 'weather', '--reset', '--json'),
    );
    expect(reset).toMatchObject({ rule: 'reward >= 1', is_default: true });
    expect(await successes()).toBe(5);
  });

  it('refuses a rule that is not one expression, and bad flags', async () => {
    const bad = await turnwise(
      'outcome',
      '--db',
      db,
      '--dataset',
      'weather',
      '--rule',
      'true; DELETE FROM tw_turns',
    );
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/outcome rule refused/);
    expect(await successes()).toBe(5);
    const both = await turnwise(
      'outcome',
      '--db',
      db,
      '--dataset',
      'weather',
      '--rule',
      'true',
      '--reset',
    );
    expect(both.code).not.toBe(0);
    expect(both.stderr).toContain('give --rule or --reset, not both');
  });
});
