// Builds the explorer benchmark's workspace with the real Workspace class (schema, views): N
// trajectories (default 1M) written straight into the tables by DuckDB, with realistic spreads —
// 4 datasets of uneven size, ~20k tasks of varying difficulty, groups of 8 rollouts, 5 models,
// rewards and turn counts — credit scores for every trajectory (segmentation 'action') and
// heuristic role labels for every action of about one trajectory in ten.
// Usage: tsx bench/tasks/explorer-workspace.ts <database file> [trajectories=1000000]
import { rmSync } from 'node:fs';
import { Workspace } from '../../engine/store/workspace';
import { argument, measure } from './measure';
import { labelCountsQuery } from '../../engine/store/label-counts';

const db = argument(0, 'database file');
const trajectories = Number(process.argv[3] ?? 1_000_000);
if (!Number.isInteger(trajectories) || trajectories < 8) {
  throw new Error('trajectories must be an integer of at least 8');
}
const TASKS = 20_000;

rmSync(db, { force: true });
rmSync(`${db}.wal`, { force: true });

await measure(async () => {
  const workspace = await Workspace.open(db);
  for (const dataset of ['rl-train-a', 'rl-train-b', 'eval-swe', 'ablation']) {
    await workspace.run(
      // Columns named: later schema versions add columns with defaults.
      `INSERT INTO tw_datasets (dataset_id, name, format, source_path, imported_at, content_sha256,
         bytes, options, storage) VALUES ($1, $1, 'turnwise', 'synthetic', now(), 'synthetic', 0,
         NULL, 'imported')`,
      [dataset],
    );
  }
  // u* are uniform in [0, 1) per trajectory, g* per group of 8; a task's difficulty sets its
  // success rate, so facets and outcome filters see realistic skew.
  await workspace.run(
    `INSERT INTO tw_trajectories (trajectory_id, dataset_id, source_id, task_id, group_id,
       sample_index, model, reward, success, n_turns, n_actions, source_ref, source_group_id)
     WITH base AS (
       SELECT i, i // 8 AS g, (i % 8)::INTEGER AS k,
              (hash(i, 1) % 1000000) / 1e6 AS u1, (hash(i, 2) % 1000000) / 1e6 AS u2,
              (hash(i, 3) % 1000000) / 1e6 AS u3, hash(i // 8, 4) % 100 AS g_dataset,
              hash(i // 8, 5) % 100 AS g_model, ((i // 8) * 7919) % $2 AS task
       FROM range($1) r(i)),
     shaped AS (
       SELECT *,
              CASE WHEN g_dataset < 50 THEN 'rl-train-a' WHEN g_dataset < 80 THEN 'rl-train-b'
                   WHEN g_dataset < 95 THEN 'eval-swe' ELSE 'ablation' END AS dataset_id,
              'task-' || lpad(task::VARCHAR, 5, '0') AS task_id,
              CASE WHEN g_model < 35 THEN 'policy-7b-step300' WHEN g_model < 60
                   THEN 'policy-7b-step200' WHEN g_model < 80 THEN 'policy-7b-step100'
                   WHEN g_model < 95 THEN 'policy-32b-step300' ELSE NULL END AS model,
              least(60, 1 + floor(-ln(1 - u2) * 9))::INTEGER AS n_actions,
              CASE WHEN u1 < 0.02 THEN NULL
                   ELSE u1 < (hash(task, 6) % 100) / 100.0 END AS success
       FROM base)
     SELECT dataset_id || ':' || task_id || '-r' || g || '-s' || k, dataset_id,
            task_id || '-r' || g || '-s' || k, task_id, task_id || '-r' || g, k, model,
            CASE WHEN success IS NULL THEN NULL WHEN success THEN round(0.6 + 0.4 * u3, 3)
                 ELSE round(0.55 * u3, 3) END,
            success, (2 + 2 * n_actions + hash(i, 7) % 2)::INTEGER, n_actions, 'synthetic',
            task_id || '-r' || g
     FROM shaped`,
    [trajectories, TASKS],
  );
  await workspace.run(
    `INSERT INTO tw_trajectory_scores (trajectory_id, progress_score, failure_step,
       best_in_group, params, segmentation, outcome_advantage, group_flag, n_steps)
     SELECT trajectory_id, round(2 * (hash(trajectory_id, 8) % 10000) / 10000.0 - 1, 4),
            CASE WHEN NOT success THEN (hash(trajectory_id, 9) % n_actions)::INTEGER END,
            reward = max(reward) OVER (PARTITION BY group_id), NULL, 'action',
            reward - avg(reward) OVER (PARTITION BY group_id), NULL, n_actions
     FROM tw_trajectories`,
  );
  await workspace.run(
    `INSERT INTO tw_labels (label_id, trajectory_id, segment_index, role_label, source,
       rationale, confidence, created_at, segmentation)
     SELECT 'heuristic:' || trajectory_id || ':' || k, trajectory_id, k::INTEGER,
            CASE WHEN r < 25 THEN 'decisive_progress' WHEN r < 60 THEN 'useful_exploration'
                 WHEN r < 92 THEN 'no_progress_infrastructure' ELSE 'regression' END,
            'heuristic:v1', 'synthetic', 0.5 + (r % 50) / 100.0, now(), 'action'
     FROM (SELECT trajectory_id, k, hash(trajectory_id, k) % 100 AS r
           FROM (SELECT trajectory_id, unnest(range(n_actions)) AS k FROM tw_trajectories
                 WHERE hash(trajectory_id, 10) % 10 = 0))`,
  );
  // The label writers keep tw_label_counts current; labels inserted by hand need it filled once.
  await workspace.run(`INSERT INTO tw_label_counts ${labelCountsQuery('true')}`);
  await workspace.run('CHECKPOINT');
  const [counts] = await workspace.query(
    `SELECT (SELECT count(*) FROM tw_trajectories) AS records,
            (SELECT count(DISTINCT task_id) FROM tw_trajectories) AS tasks,
            (SELECT count(*) FROM tw_trajectory_scores) AS scores,
            (SELECT count(*) FROM tw_labels) AS labels`,
  );
  workspace.close();
  return {
    records: Number(counts?.records),
    tasks: Number(counts?.tasks),
    scores: Number(counts?.scores),
    labels: Number(counts?.labels),
  };
});
