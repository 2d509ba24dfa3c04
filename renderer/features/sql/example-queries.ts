// Starting points over the documented views (docs/ARCHITECTURE.md, the workspace).
export type ExampleQuery = { title: string; sql: string };

export const EXAMPLE_QUERIES: ExampleQuery[] = [
  {
    title: 'Trajectories per dataset',
    sql: `SELECT d.name, d.format, count(*) AS trajectories,
       avg(t.success::INTEGER) AS success_rate, avg(t.reward) AS mean_reward
FROM trajectories t JOIN datasets d USING (dataset_id)
GROUP BY d.name, d.format
ORDER BY trajectories DESC`,
  },
  {
    title: 'Success rate by task',
    sql: `SELECT task_id, count(*) AS rollouts,
       avg(success::INTEGER) AS success_rate, avg(reward) AS mean_reward
FROM trajectories
GROUP BY task_id
ORDER BY success_rate ASC NULLS LAST, rollouts DESC`,
  },
  {
    title: 'Groups with mixed outcomes',
    sql: `-- Groups where some rollouts succeed and some fail carry the most GRPO signal.
SELECT group_id, count(*) AS rollouts, sum(success::INTEGER) AS successes,
       min(reward) AS min_reward, max(reward) AS max_reward
FROM trajectories
WHERE group_id IS NOT NULL
GROUP BY group_id
HAVING sum(success::INTEGER) > 0 AND sum(success::INTEGER) < count(success)
ORDER BY rollouts DESC`,
  },
  {
    title: 'Turns by role',
    sql: `SELECT role, count(*) AS turns, sum(is_action::INTEGER) AS actions,
       avg(length(content)) AS mean_chars
FROM turns
GROUP BY role
ORDER BY turns DESC`,
  },
  {
    title: 'Longest failed trajectories',
    sql: `SELECT trajectory_id, task_id, n_turns, n_actions, reward
FROM trajectories
WHERE success = false
ORDER BY n_turns DESC
LIMIT 50`,
  },
];
