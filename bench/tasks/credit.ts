// Credit over a synthetic workspace of N tokens (default 50M): trajectories of 20 tool-calling
// steps with 50 scored tokens each, in groups of 8, written straight into the tables by DuckDB
// (not timed). Timed separately: making the segments, then the credit computation itself.
import { rmSync } from 'node:fs';
import { CreditParamsSchema } from '../../shared/credit';
import { runCredit } from '../../engine/credit/run-credit';
import { ensureSegments } from '../../engine/credit/segments-store';
import { Workspace } from '../../engine/store/workspace';
import { argument, measure } from './measure';

const db = argument(0, 'database file');
const tokens = Number(argument(1, 'tokens'));
const STEPS = 20;
const TOKENS_PER_STEP = 50;
const trajectories = Math.ceil(tokens / (STEPS * TOKENS_PER_STEP));

rmSync(db, { force: true });
const workspace = await Workspace.open(db);
await workspace.run(`INSERT INTO tw_datasets VALUES ('bench', 'bench', 'turnwise', 'synthetic',
  now(), 'synthetic', 0, NULL, 'imported')`);
await workspace.run(`INSERT INTO tw_trajectories (trajectory_id, dataset_id, source_id, task_id,
    group_id, sample_index, reward, success, n_turns, n_actions, source_ref, source_group_id)
  SELECT 'b:' || i, 'bench', 's' || i, 't' || (i // 8), 't' || (i // 8), (i % 8)::INTEGER,
         (hash(i) % 2)::DOUBLE, hash(i) % 2 = 1, ${2 + 2 * STEPS}, ${STEPS}, 'synthetic',
         't' || (i // 8)
  FROM range(${trajectories}) t(i)`);
await workspace.run(`INSERT INTO tw_turns (trajectory_id, turn_index, role, content, tool_calls,
    is_action)
  SELECT 'b:' || i, k::INTEGER,
         CASE WHEN k = 0 THEN 'system' WHEN k = 1 THEN 'user' WHEN k % 2 = 0 THEN 'assistant'
              ELSE 'tool' END,
         'x',
         CASE WHEN k >= 2 AND k % 2 = 0
              THEN '[{"id":"c","name":"run","arguments":"{\\"n\\":' || (k % 5) || '}"}]'
              ELSE '[]' END::JSON,
         k >= 2 AND k % 2 = 0
  FROM range(${trajectories}) t(i), range(${2 + 2 * STEPS}) s(k)`);
await workspace.run(`INSERT INTO tw_token_logprobs (trajectory_id, turn_index, logp_policy, logp_ref)
  SELECT 'b:' || i, (2 + 2 * k)::INTEGER,
         list_transform(range(${TOKENS_PER_STEP}), x -> -3 * random()),
         list_transform(range(${TOKENS_PER_STEP}), x -> -3 * random())
  FROM range(${trajectories}) t(i), range(${STEPS}) s(k)`);

const never = new AbortController().signal;
let segmentSeconds = 0;
await measure(async () => {
  const started = performance.now();
  const segments = await ensureSegments(workspace, { dataset_id: 'bench' }, 'action', never);
  segmentSeconds = (performance.now() - started) / 1000;
  const credit = performance.now();
  const summary = await runCredit(
    workspace,
    {
      scope: { dataset_id: 'bench' },
      segmentation: 'action',
      params: CreditParamsSchema.parse({}),
    },
    () => undefined,
    never,
  );
  workspace.close();
  return {
    records: summary.trajectories,
    tokens: trajectories * STEPS * TOKENS_PER_STEP,
    segments,
    segment_seconds: Math.round(segmentSeconds * 100) / 100,
    credit_seconds: Math.round(((performance.now() - credit) / 1000) * 100) / 100,
  };
});
rmSync(db, { force: true });
