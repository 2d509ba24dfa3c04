// `turnwise credit` on the demo rollouts, through the real command: stored credit and scores,
// the score's quality against the demo's own ground truth, and bad flags rejected.
import { beforeAll, describe, expect, it } from 'vitest';
import { cliWorkspace, importDemo, sqlRows, turnwise } from './cli-test-support';

const { db } = cliWorkspace();

const sql = (text: string) => sqlRows(db, text);

beforeAll(() => importDemo(db), 120_000);

describe('turnwise credit', () => {
  it('stores credit per segment and scores per trajectory, and reports score quality', async () => {
    const run = await turnwise(
      'credit',
      '--db',
      db,
      '--lambda',
      '0.4',
      '--step-agg',
      'min',
      '--json',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out).toMatchObject({
      trajectories: 192,
      segmentation: 'action',
      params: { lambda: 0.4 },
    });
    expect(out.segments).toBe(out.segments_with_progress);
    const [counts] = await sql(`SELECT
        (SELECT count(*) FROM credit) AS credit_rows,
        (SELECT sum(n_actions) FROM trajectories) AS actions,
        (SELECT count(*) FROM trajectory_scores WHERE progress_score IS NOT NULL) AS scored,
        (SELECT count(*) FROM trajectory_scores WHERE best_in_group) AS best,
        (SELECT count(DISTINCT group_id) FROM trajectories) AS groups`);
    // One segment per action turn; one best rollout per group.
    expect(counts?.credit_rows).toBe(counts?.actions);
    expect(counts?.scored).toBe(192);
    expect(counts?.best).toBe(counts?.groups);
    // The demo's policy/ref gap tracks the ground-truth step roles, so the score separates
    // successes from failures well above chance, and failure attribution beats guessing.
    const demo = out.datasets.demo;
    expect(demo.auroc).toBeGreaterThan(0.75);
    expect(demo.failure.evaluated).toBeGreaterThan(50);
    expect(demo.failure.accuracy).toBeGreaterThan(0.3);
    expect(demo.histograms.total.counts.reduce((a: number, b: number) => a + b, 0)).toBe(
      counts?.credit_rows,
    );
  });

  it('re-running with other parameters replaces the values, it does not add rows', async () => {
    const before = (await sql('SELECT count(*) AS n FROM credit'))[0]?.n;
    const run = await turnwise(
      'credit',
      '--db',
      db,
      '--advantage',
      'dr_grpo',
      '--whiten',
      '--json',
    );
    expect(run.code).toBe(0);
    expect((await sql('SELECT count(*) AS n FROM credit'))[0]?.n).toBe(before);
    const [row] = await sql(
      `SELECT DISTINCT params->>'advantage' AS advantage, params->>'whiten' AS whiten FROM credit`,
    );
    expect(row).toEqual({ advantage: 'dr_grpo', whiten: 'true' });
  });

  it('rejects bad parameters with exit 2 and a clear message', async () => {
    const lambda = await turnwise('credit', '--db', db, '--lambda', '1.5');
    expect(lambda.code).toBe(2);
    expect(lambda.stderr).toMatch(/turnwise: usage: --lambda: /);
    const agg = await turnwise('credit', '--db', db, '--token-agg', 'median');
    expect(agg.code).toBe(2);
    expect(agg.stderr).toMatch(/--token-agg/);
    const missing = await turnwise('credit', '--db', db, '--dataset', 'nope');
    expect(missing.code).not.toBe(0);
  });
});
