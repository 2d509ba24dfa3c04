// `turnwise segmentation` through the real command on a real tau-bench file: the dialogue default,
// a stored choice that `turnwise label` then follows, a reset, and refused names.
import { beforeAll, describe, expect, it } from 'vitest';
import { samplePath } from '../engine/testing/test-support';
import { cliWorkspace, onlyJson, sqlRows, turnwise } from './cli-test-support';

const { db } = cliWorkspace();
const file = samplePath('tau-bench', 'gpt-4o-airline.subset4.json');

beforeAll(async () => {
  expect((await turnwise('import', file, '--db', db, '--dataset', 'tau')).code).toBe(0);
}, 120_000);

describe('turnwise segmentation', () => {
  it('shows the dialogue default with its reason', async () => {
    const shown = await turnwise('segmentation', '--db', db, '--dataset', 'tau');
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(
      "Dataset 'tau': segmentation turn (default: tau-bench records are dialogues).",
    );
    expect(shown.stdout).toMatch(/\d+ of \d+ assistant messages are actions/);
  });

  it('stores a choice that label follows, and resets it', async () => {
    const set = onlyJson(
      await turnwise('segmentation', '--db', db, '--dataset', 'tau', '--set', 'window:2', '--json'),
    );
    expect(set).toMatchObject({ segmentation: 'window:2', is_default: false });
    const labeled = await turnwise(
      'label',
      '--db',
      db,
      '--labeler',
      'heuristic',
      '--dataset',
      'tau',
    );
    expect(labeled.code).toBe(0);
    expect(labeled.stdout).toContain('(window:2)');
    const used = await sqlRows(db, 'SELECT DISTINCT segmentation FROM labels');
    expect(used).toEqual([{ segmentation: 'window:2' }]);
    const reset = onlyJson(
      await turnwise('segmentation', '--db', db, '--dataset', 'tau', '--reset', '--json'),
    );
    expect(reset).toMatchObject({ segmentation: 'turn', is_default: true });
  });

  it('refuses unknown names, both flags and a missing dataset', async () => {
    const bad = await turnwise(
      'segmentation',
      '--db',
      db,
      '--dataset',
      'tau',
      '--set',
      'sentences',
    );
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--set is action, turn, merge_identical or window:N (N >= 1)');
    const both = await turnwise(
      'segmentation',
      '--db',
      db,
      '--dataset',
      'tau',
      '--set',
      'turn',
      '--reset',
    );
    expect(both.stderr).toContain('give --set or --reset, not both');
    const missing = await turnwise('segmentation', '--db', db, '--dataset', 'nope');
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain("no dataset with id 'nope'");
  });
});
