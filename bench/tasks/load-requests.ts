// The load test's request mix: what a user browsing a workspace asks for, drawn at random (seeded)
// from ids the server listed before the clients started. Every SQL text is a fixed read-only query
// on the public views; trajectory ids only travel as API inputs, never inside SQL.

/** A listed trajectory the clients may open. */
export interface PooledTrajectory {
  trajectory_id: string;
  dataset_id: string;
  group_id: string | null;
  n_turns: number;
}

export interface LoadPool {
  trajectories: PooledTrajectory[];
  /** Groups with more than one rollout (for getTurnTree). */
  groups: { dataset_id: string; group_id: string }[];
  tasks: string[];
  models: string[];
  /** Trajectories in the workspace (bounds the list offsets). */
  total: number;
}

export interface LoadRequest {
  method: string;
  input: Record<string, unknown>;
  /** Checks the answer's value beyond ok:true; a message when it is wrong. */
  check?: (value: unknown) => string | undefined;
}

import type { Random } from '../../shared/seeded-random';

export { seededRandom } from '../../shared/seeded-random';

function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

const SQL = [
  'SELECT task_id, count(*) AS n, avg(reward) AS mean_reward FROM trajectories GROUP BY 1 ORDER BY n DESC, task_id LIMIT 100',
  'SELECT model, count(*) AS n, avg(CAST(success AS INTEGER)) AS success_rate FROM trajectories GROUP BY 1 ORDER BY 1',
  'SELECT dataset_id, count(*) AS trajectories, sum(n_turns) AS turns FROM trajectories GROUP BY 1 ORDER BY 1',
  'SELECT n_actions, count(*) AS n, avg(reward) AS mean_reward FROM trajectories GROUP BY 1 ORDER BY 1',
  'SELECT role, count(*) AS n FROM turns GROUP BY 1 ORDER BY 1',
];

const SORTS = ['trajectory_id', 'reward', 'n_turns', 'task_id', 'model', 'n_actions'] as const;

/** One of the explorer's filters: none, an outcome, a task, a model, a reward range, an id search. */
function randomFilter(pool: LoadPool, random: Random): Record<string, unknown> {
  const choice = Math.floor(random() * 7);
  if (choice === 1) return { outcome: pick(random, ['success', 'failure'] as const) };
  if (choice === 2 && pool.tasks.length > 0) return { task_ids: [pick(random, pool.tasks)] };
  if (choice === 3 && pool.models.length > 0) return { models: [pick(random, pool.models)] };
  if (choice === 4) return { ranges: { reward: { min: 0.5 } } };
  if (choice === 5 && pool.tasks.length > 0)
    return { search: pick(random, pool.tasks).slice(0, 6) };
  if (choice === 6) return { outcome: 'failure', ranges: { n_turns: { min: 5 } } };
  return {};
}

function listRequest(pool: LoadPool, random: Random): LoadRequest {
  const limit = pick(random, [50, 100] as const);
  // Mostly the first pages, as people page; now and then a deep page.
  const deep = random() < 0.2;
  const maxOffset = Math.max(0, (deep ? pool.total : Math.min(pool.total, 1000)) - limit);
  const offset = Math.floor((random() * maxOffset) / limit) * limit;
  return {
    method: 'listTrajectories',
    input: {
      ...randomFilter(pool, random),
      sort: pick(random, SORTS),
      descending: random() < 0.5,
      limit,
      offset,
    },
    check: (value) => {
      const { rows } = value as { rows?: unknown[] };
      return Array.isArray(rows) && rows.length <= limit ? undefined : 'bad rows';
    },
  };
}

function trajectoryRequest(pool: LoadPool, random: Random): LoadRequest {
  const { trajectory_id, n_turns } = pick(random, pool.trajectories);
  return {
    method: 'getTrajectory',
    input: { trajectory_id },
    check: (value) => {
      const { trajectory, turns } = value as {
        trajectory?: { trajectory_id?: string };
        turns?: unknown[];
      };
      if (trajectory?.trajectory_id !== trajectory_id) return 'answered another trajectory';
      return turns?.length === n_turns ? undefined : `${turns?.length} turns, listed ${n_turns}`;
    },
  };
}

function turnTextRequest(pool: LoadPool, random: Random): LoadRequest {
  const { trajectory_id, n_turns } = pick(random, pool.trajectories);
  return {
    method: 'getTurnText',
    input: {
      trajectory_id,
      turn_index: Math.floor(random() * n_turns),
      offset: 0,
      length: 20_000,
    },
    check: (value) =>
      typeof (value as { text?: unknown }).text === 'string' ? undefined : 'no text',
  };
}

/** Weights of the mix (getTurnTree's share goes to getTrajectory when there are no groups). */
export const MIX = {
  listTrajectories: 30,
  getTrajectory: 25,
  getTurnText: 15,
  getTrajectoryFacets: 10,
  runSql: 10,
  getTurnTree: 10,
} as const;

export function nextRequest(pool: LoadPool, random: Random): LoadRequest {
  let draw = random() * 100;
  const under = (weight: number) => (draw -= weight) < 0;
  if (under(MIX.listTrajectories)) return listRequest(pool, random);
  if (under(MIX.getTrajectory)) return trajectoryRequest(pool, random);
  if (under(MIX.getTurnText)) return turnTextRequest(pool, random);
  if (under(MIX.getTrajectoryFacets)) {
    return { method: 'getTrajectoryFacets', input: randomFilter(pool, random) };
  }
  if (under(MIX.runSql)) {
    return {
      method: 'runSql',
      input: { sql: pick(random, SQL) },
      check: (value) =>
        ((value as { rows?: unknown[] }).rows?.length ?? 0) > 0 ? undefined : 'no rows',
    };
  }
  if (pool.groups.length === 0) return trajectoryRequest(pool, random);
  const group = pick(random, pool.groups);
  return {
    method: 'getTurnTree',
    input: group,
    check: (value) =>
      ((value as { rollouts?: number }).rollouts ?? 0) > 1 ? undefined : 'no rollouts',
  };
}

/** One line for the results: the mix in words. */
export function describeMix(): string {
  return (
    `${MIX.listTrajectories}% listTrajectories (no filter, outcome, task, model, reward or turn ` +
    `ranges, id search; 6 sort columns either way; pages of 50/100, a fifth of them deep), ` +
    `${MIX.getTrajectory}% getTrajectory, ${MIX.getTurnText}% getTurnText (first 20k ` +
    `characters of a random turn), ${MIX.getTrajectoryFacets}% getTrajectoryFacets (the same ` +
    `filters), ${MIX.runSql}% runSql (${SQL.length} fixed read-only aggregates over the ` +
    `trajectories and turns views), ${MIX.getTurnTree}% getTurnTree of a random group`
  );
}
