// The issue-17 workspace through the real commands: two Inspect logs in one dataset and two NeMo
// Gym files in another. Sample "1" of each log and rollout "0:rollout0" of each file must stay
// apart, so `turnwise stats` reports no group mixing prompts, and binary NeMo Gym rewards count
// as successes.
import { beforeAll, describe, expect, it } from 'vitest';
import { samplePath } from '../engine/testing/test-support';
import { cliWorkspace, sqlRows, turnwise } from './cli-test-support';

const { db } = cliWorkspace();

beforeAll(async () => {
  const inspect = ['log_formats.json', 'log_tool_call_error.json'].map((f) =>
    samplePath('inspect-ai', f),
  );
  const gym = [
    'example_single_tool_call.example_rollouts.jsonl',
    'example_mcp_weather.example_rollouts.jsonl',
  ].map((f) => samplePath('nemo-gym', f));
  expect((await turnwise('import', ...inspect, '--db', db, '--dataset', 'evals')).code).toBe(0);
  expect((await turnwise('import', ...gym, '--db', db, '--dataset', 'gym')).code).toBe(0);
}, 180_000);

describe('turnwise stats on multi-file datasets', () => {
  it('shows no collided groups and NeMo Gym successes', async () => {
    const run = await turnwise('stats', '--db', db, '--json');
    expect(run.code).toBe(0);
    const stats = JSON.parse(run.stdout) as {
      datasets: {
        dataset_id: string;
        groups: number;
        mixed_prompt_groups: number;
        success_rate: number | null;
      }[];
    };
    const byId = new Map(stats.datasets.map((d) => [d.dataset_id, d]));
    expect(byId.get('evals')?.mixed_prompt_groups).toBe(0);
    expect(byId.get('gym')?.mixed_prompt_groups).toBe(0);
    // Sample "1" of both logs (and each file's rollouts) in groups of their own file only.
    for (const dataset of ['evals', 'gym']) {
      const spanning = (
        await sqlRows(
          db,
          `SELECT count(*) AS n FROM (
           SELECT group_id FROM trajectories WHERE dataset_id = '${dataset}'
           GROUP BY group_id HAVING count(DISTINCT split_part(source_ref, '.json', 1)) > 1)`,
        )
      )[0]?.n;
      expect(Number(spanning)).toBe(0);
      expect(byId.get(dataset)?.groups).toBeGreaterThanOrEqual(2);
    }
    const tasks = (
      await sqlRows(
        db,
        `SELECT count(DISTINCT group_id) AS groups FROM trajectories
       WHERE dataset_id = 'evals' AND task_id = '1'`,
      )
    )[0]?.groups;
    expect(Number(tasks)).toBe(2);
    expect(byId.get('gym')?.success_rate).toBeGreaterThan(0);
  });
});
