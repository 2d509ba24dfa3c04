// `turnwise label` through the real command: the heuristic labeler over one or every dataset,
// the --json contract, re-runs replacing their own labels, and bad input refused with exit 2.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { turnwiseRecord, writeJsonl } from '../engine/testing/test-support';
import { cliWorkspace, onlyJson, sqlRows, turnwise } from './cli-test-support';

const { dir, db } = cliWorkspace();

const sql = (text: string) => sqlRows(db, text);

const labelCounts = () =>
  sql(`SELECT source, segmentation, count(*) AS n FROM labels GROUP BY ALL ORDER BY ALL`);

beforeAll(async () => {
  const demo = path.join(dir, 'demo.jsonl');
  const lines = readFileSync('datasets/demo/demo.jsonl', 'utf8').split('\n').slice(0, 16);
  writeFileSync(demo, `${lines.join('\n')}\n`);
  expect((await turnwise('import', demo, '--db', db, '--dataset', 'demo')).code).toBe(0);
  const small = writeJsonl(path.join(dir, 'small.jsonl'), [
    turnwiseRecord({ id: 'a', actions: 3, success: true }),
    turnwiseRecord({ id: 'b', actions: 2, success: false }),
  ]);
  expect((await turnwise('import', small, '--db', db, '--dataset', 'small')).code).toBe(0);
}, 120_000);

describe('turnwise label --labeler heuristic', () => {
  it('labels every segment of every dataset and prints one JSON object', async () => {
    const run = await turnwise('label', '--db', db, '--labeler', 'heuristic', '--json');
    const out = onlyJson(run);
    const [actions] = await sql(`SELECT sum(n_actions) AS n FROM trajectories`);
    expect(out).toMatchObject({
      labeler: 'heuristic',
      dataset_id: null,
      ruleset: 'triage-rules/1',
      source: 'heuristic:triage-rules/1',
      segmentation: 'action',
      trajectories: 18,
      labeled: actions?.n,
      replaced: 0,
    });
    expect(Object.keys(out.counts).sort()).toEqual([
      'decisive_progress',
      'no_progress_infrastructure',
      'regression',
      'useful_exploration',
    ]);
    // Each small record reads f0.py, f1.py, ... once: all new information.
    expect(
      await sql(`SELECT DISTINCT role_label FROM labels WHERE trajectory_id LIKE 'small:%'
           AND segment_index < 2 ORDER BY 1`),
    ).toEqual([{ role_label: 'useful_exploration' }]);
    expect(await labelCounts()).toEqual([
      { source: 'heuristic:triage-rules/1', segmentation: 'action', n: actions?.n },
    ]);
  }, 120_000);

  it('re-running on one dataset replaces that dataset labels; other segmentations add', async () => {
    const before = await labelCounts();
    const run = await turnwise('label', '--db', db, '--labeler', 'heuristic', '--dataset', 'small');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Labeled 5 segments of 2 trajectories in dataset 'small' as heuristic:triage-rules\/1 in [\d.]+ s, replacing 5 earlier labels of this version\.\nRoles: decisive_progress \d+, useful_exploration \d+, no_progress_infrastructure \d+, regression \d+\.\n$/,
    );
    expect(await labelCounts()).toEqual(before);
    const windows = await turnwise(
      'label', '--db', db, '--labeler', 'heuristic', '--dataset', 'small',
      '--segmentation', 'window:2', '--json',
    ); // prettier-ignore
    expect(windows.code).toBe(0);
    expect(JSON.parse(windows.stdout)).toMatchObject({ segmentation: 'window:2', labeled: 3 });
  }, 120_000);

  it('refuses bad input with exit 2 and leaves the workspace unchanged', async () => {
    const before = await labelCounts();
    const cases: [string[], RegExp][] = [
      [['--db', db], /^turnwise: usage: --labeler is heuristic or judge\n$/],
      [['--labeler', 'heuristic'], /^turnwise: usage: --db FILE is required\n$/],
      [
        ['--db', db, '--labeler', 'heuristic', '--segmentation', 'window:0'],
        /^turnwise: usage: --segmentation is action, turn, merge_identical or window:N/,
      ],
      [
        ['--db', db, '--labeler', 'heuristic', '--endpoint', 'http://x/v1'],
        /^turnwise: usage: --endpoint goes with --labeler judge\n$/,
      ],
      [
        ['--db', db, '--labeler', 'heuristic', '--dataset', 'nope'],
        /^turnwise: label: no dataset with id 'nope'\n$/,
      ],
      [['--db', db, '--labeler', 'heuristic', '--bogus'], /^turnwise: usage: Unknown option/],
      [['--db', db, '--labeler', 'heuristic', 'extra'], /^turnwise: usage: unexpected argument/],
    ];
    for (const [args, stderr] of cases) {
      const run = await turnwise('label', ...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toMatch(stderr);
      expect(run.stdout).toBe('');
    }
    expect(await labelCounts()).toEqual(before);
  }, 240_000);
});

describe('turnwise label --labeler judge', () => {
  it('accepts every judge flag and hands them to the judge', async () => {
    const missing = await turnwise('label', '--db', db, '--labeler', 'judge');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^turnwise: usage: --labeler judge needs --endpoint URL/);
    // All flags parse; the judge then refuses the unknown dataset before any request is made.
    const run = await turnwise(
      'label', '--db', db, '--labeler', 'judge', '--dataset', 'nope',
      '--endpoint', 'http://127.0.0.1:9/v1', '--model', 'm', '--concurrency', '2',
      '--api-key-env', 'NO_SUCH_KEY', '--prompt-version', 'triage-judge/1', '--limit', '3',
    ); // prettier-ignore
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^turnwise: label: .*nope/);
    const segmented = await turnwise(
      'label', '--db', db, '--labeler', 'judge', '--segmentation', 'window:2',
      '--endpoint', 'http://127.0.0.1:9/v1', '--model', 'm',
    ); // prettier-ignore
    expect(segmented.code).toBe(2);
    expect(segmented.stderr).toMatch(/^turnwise: usage: --labeler judge labels 'action' segments/);
  }, 120_000);
});
