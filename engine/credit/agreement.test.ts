// Agreement of the credit signals on the demo rollouts, labeled with the demo's ground-truth
// step roles (the simulated environment knows what each action did).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditParamsSchema } from '../../shared/credit';
import { runImport } from '../import/run-import';
import { Workspace } from '../store/workspace';
import { tempDir } from '../testing/test-support';
import { creditAgreement } from './agreement';
import { runCredit } from './run-credit';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('credit agreement', () => {
  let workspace: Workspace;
  beforeAll(async () => {
    workspace = await Workspace.open(path.join(tmp.dir, 'ws.duckdb'));
    const never = new AbortController().signal;
    await runImport(
      workspace,
      {
        paths: ['datasets/demo/demo.jsonl'],
        format: 'turnwise',
        dataset: 'demo',
        onError: 'abort',
      },
      () => undefined,
      never,
    );
    const params = CreditParamsSchema.parse({});
    await runCredit(
      workspace,
      { scope: {}, segmentation: 'action', params },
      () => undefined,
      never,
    );
    // Segment k of a demo rollout is its k-th action turn: label it with step_roles[k].
    await workspace.run(`INSERT INTO tw_labels
      SELECT 'gt-' || s.trajectory_id || '-' || s.segment_index, s.trajectory_id, s.segment_index,
             (t.metadata->'step_roles'->>s.segment_index::INTEGER), 'human:ground-truth', NULL, NULL,
             now(), 'action'
      FROM tw_segments s JOIN tw_trajectories t USING (trajectory_id)
      WHERE s.segmentation = 'action'`);
  }, 60_000);
  afterAll(() => workspace.close());

  it('relates roles, progress advantage and branch advantage on labeled segments', async () => {
    const result = await creditAgreement(workspace, 'demo', 'action');
    const [row] = await workspace.query(`SELECT count(*) AS n FROM tw_segments`);
    expect(result.labeled_segments).toBe(Number(row?.n));
    expect(result.groups_left_out).toBe(0);
    // The demo's log-prob gap is generated to track the step role.
    expect(result.spearman.role_vs_progress).toBeGreaterThan(0.3);
    expect(result.spearman.role_vs_branch).not.toBeNull();
    for (const entry of result.confusion) {
      const total = (counts: Record<string, number>) =>
        Object.values(counts).reduce((a, b) => a + b, 0);
      expect(total(entry.progress)).toBe(entry.segments);
      expect(total(entry.branch)).toBe(entry.segments);
    }
    const regression = result.confusion.find((c) => c.role === 'regression');
    const decisive = result.confusion.find((c) => c.role === 'decisive_progress');
    // Regressions mostly lower the policy's relative likelihood; decisive steps mostly raise it.
    expect(Number(regression?.progress.negative)).toBeGreaterThan(
      Number(regression?.progress.positive),
    );
    expect(Number(decisive?.progress.positive)).toBeGreaterThan(
      Number(decisive?.progress.negative),
    );
  });
});
