// `turnwise review` through the real command: queue, list (--json as docs/cli.md says), decide and undo
// on a workspace built from the demo slice, and bad input refused with exit 2.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openReviewWorkspace,
  type ReviewTestWorkspace,
} from '../engine/testing/review-test-workspace';
import { onlyJson, turnwise } from './cli-test-support';

let w: ReviewTestWorkspace;
let db: string;

const review = (...args: string[]) => turnwise('review', '--db', db, ...args);
const json = async (...args: string[]) => onlyJson(await review(...args, '--json'));

beforeAll(async () => {
  w = await openReviewWorkspace(8);
  const success = await w.trajectory('repair-000-s0');
  const failure = await w.trajectory('repair-000-s5');
  await w.label(success, 0, 'regression', 'judge:v1@m', 0.9);
  await w.label(success, 1, 'regression', 'heuristic:triage-rules/1');
  await w.label(failure, 0, 'decisive_progress', 'judge:v1@m', 0.3);
  w.close();
  db = path.join(w.dir, 'ws.duckdb');
}, 120_000);
afterAll(() => w.cleanup());

describe('turnwise review', () => {
  it('queue runs the rules and prints {added, by_rule}; a re-run adds nothing', async () => {
    expect(await json('queue', '--dataset', 'slice')).toMatchObject({
      added: 4,
      by_rule: {
        regression_in_success: 2,
        progress_in_failure: 1,
        low_judge_confidence: 1,
        label_disagreement: 0,
        sign_flip: 0,
        failure_step_in_success: 0,
      },
    });
    const again = await review('queue');
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^Added 0 review items \(regression_in_success 0, /);
  }, 120_000);

  it('list --json prints {items} with kind, filtered by status and rule', async () => {
    const out = await json('list');
    expect(out.items).toHaveLength(4);
    expect(out.items[0]).toMatchObject({
      kind: 'low_judge_confidence',
      rule: 'low_judge_confidence',
      status: 'pending',
      segment_index: 0,
      proposed: 'decisive_progress',
      reason: 'judge says decisive_progress with low confidence 0.30 (< 0.60)',
    });
    expect((await json('list', '--rule', 'regression_in_success')).items).toHaveLength(2);
    expect((await json('list', '--status', 'approved')).items).toEqual([]);
    const text = await review('list', '--rule', 'progress_in_failure');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/item_id.*rule.*reason/);
    expect(text.stdout).toMatch(/1 items\.\n$/);
  }, 120_000);

  it('decide and undo write events and human labels', async () => {
    const [first, second] = (await json('list', '--rule', 'regression_in_success')).items;
    const relabeled = await json(
      'decide',
      first.item_id,
      '--relabel',
      'useful_exploration',
      '--note',
      'reads a file',
      '--by',
      'cli-user',
    );
    expect(relabeled).toMatchObject({
      item_id: first.item_id,
      status: 'relabeled',
      decided_label: 'useful_exploration',
      note: 'reads a file',
      decided_by: 'cli-user',
    });
    const approved = await review('decide', second.item_id, '--approve');
    expect(approved.code).toBe(0);
    expect(approved.stdout).toBe(
      `${second.item_id}: approved as regression by local (regression_in_success: heuristic says regression in a successful trajectory)\n`,
    );
    const rows = JSON.parse(
      (
        await turnwise(
          'sql',
          '--db',
          db,
          `SELECT segment_index, role_label, source FROM labels_effective
        WHERE source LIKE 'human:%' ORDER BY 1`,
          '--json',
        )
      ).stdout,
    ).rows;
    expect(rows).toEqual([
      { segment_index: 0, role_label: 'useful_exploration', source: 'human:cli-user' },
      { segment_index: 1, role_label: 'regression', source: 'human:local' },
    ]);
    expect(await json('undo', second.item_id)).toMatchObject({ status: 'pending' });
    expect(
      (await json('list', '--status', 'relabeled')).items.map(
        (i: { item_id: string }) => i.item_id,
      ),
    ).toEqual([first.item_id]);
  }, 120_000);

  it("rules prints each rule's counts and precision by the decision in force", async () => {
    const { rules } = await json('rules');
    const relabeled = rules.find((r: { rule: string }) => r.rule === 'regression_in_success');
    expect(relabeled).toMatchObject({ queued: 2, decided: 1, relabeled: 1, precision: 1 });
    expect(rules.find((r: { rule: string }) => r.rule === 'sign_flip')).toMatchObject({
      queued: 0,
      precision: null,
    });
    const text = await review('rules');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /^rule +queued +pending +decided +approved +relabeled +rejected +precision/,
    );
    expect(text.stdout).toMatch(/\nregression_in_success +2 +1 +1 +0 +1 +0 +1\.00\n/);
    expect(text.stdout).toMatch(/\nsign_flip +0 +0 +0 +0 +0 +0 +-\n/);
  }, 120_000);

  it('refuses bad input with exit 2 and a usage line', async () => {
    const [item] = (await json('list')).items;
    const cases: [string[], RegExp][] = [
      [['decide', item.item_id], /exactly one of --approve, --reject, --relabel/],
      [['decide', item.item_id, '--approve', '--reject'], /exactly one of/],
      [['decide', item.item_id, '--relabel', 'great'], /--relabel is one of decisive_progress/],
      [['decide', 'no-such-item', '--reject'], /no review item 'no-such-item'/],
      [['decide', '--reject'], /needs an ITEM_ID/],
      [['list', '--status', 'done'], /--status is one of pending/],
      [['queue', '--dataset', 'nope'], /no dataset named 'nope'/],
      [['queue', '--segmentation', 'bogus'], /--segmentation is action/],
      [['queue', '--min-progress-drop=-0.5'], /--min-progress-drop is a number from 0 up/],
      [['queue', '--min-progress-drop', 'steep'], /--min-progress-drop is a number from 0 up/],
      [['rules', 'extra'], /unexpected argument 'extra'/],
      [['frobnicate'], /review needs list, decide, undo, queue or rules/],
      [[], /review needs list, decide, undo, queue or rules/],
    ];
    for (const [args, message] of cases) {
      const run = await review(...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/^turnwise: /);
      expect(run.stderr).toMatch(message);
    }
    expect((await turnwise('review', 'list')).code).toBe(2);
    // Nothing was decided by the refused calls.
    expect((await json('list', '--status', 'pending')).items).toHaveLength(3);
  }, 300_000);
});
