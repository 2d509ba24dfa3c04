// The turn tree of one large group (docs/ARCHITECTURE.md, quality bars: 64 rollouts x 100 turns) through the real
// engine API: a synthetic group written straight into the tables by DuckDB (not timed), then
// getTurnTree through the engine's dispatch (input validation, query, tree build), and the
// renderer's work on the answer: collapsing shared chains and laying them out, then building the
// ECharts option. The rollouts split in two every few turns until each is alone, so the tree
// has long shared chains, many branch points and one long tail per rollout.
// Usage: tsx bench/tasks/turn-tree.ts <database file> [rollouts=64] [turns=100]
import { rmSync } from 'node:fs';
import type { ApiOutput } from '../../shared/api';
import { openEngine } from '../../engine/engine';
import { Workspace } from '../../engine/store/workspace';
import { layoutTurnTree } from '../../renderer/components/turn-tree/tree-layout';
import { turnTreeOption } from '../../renderer/components/turn-tree/turn-tree-option';
import { argument, measure } from './measure';

const db = argument(0, 'database file');
const rollouts = Number(process.argv[3] ?? 64);
const turns = Number(process.argv[4] ?? 100);
if (!Number.isInteger(rollouts) || rollouts < 1 || !Number.isInteger(turns) || turns < 3) {
  throw new Error('rollouts must be a positive integer and turns an integer of at least 3');
}
const WARM_RUNS = 5;
const bits = Math.ceil(Math.log2(rollouts));
// Split every `splitEvery` turns after the prompt, so the last split comes well before the end.
const splitEvery = Math.max(1, Math.floor(turns / (bits + 3)));
const COLORS = {
  success: 'green',
  failure: 'red',
  unknown: 'grey',
  edge: 'grey',
  selected: 'blue',
  text: 'black',
};

rmSync(db, { force: true });
const workspace = await Workspace.open(db);
await workspace.run(`INSERT INTO tw_datasets VALUES ('bench', 'bench', 'turnwise', 'synthetic',
  now(), 'synthetic', 0, NULL, 'imported')`);
await workspace.run(`INSERT INTO tw_trajectories (trajectory_id, dataset_id, source_id, task_id,
    group_id, sample_index, reward, success, n_turns, n_actions, source_ref, source_group_id)
  SELECT 'b:' || i, 'bench', 's' || i, 'task', 'g', i::INTEGER, (hash(i) % 2)::DOUBLE,
         hash(i) % 2 = 1, ${turns}, ${Math.floor((turns - 2) / 2)}, 'synthetic', 'g'
  FROM range(${rollouts}) t(i)`);
// Turn k of rollout i belongs to branch i >> (bits - level): level grows every splitEvery turns.
await workspace.run(`INSERT INTO tw_turns (trajectory_id, turn_index, role, content, tool_calls,
    is_action)
  SELECT 'b:' || i, k::INTEGER,
         CASE WHEN k = 0 THEN 'system' WHEN k = 1 THEN 'user' WHEN k % 2 = 0 THEN 'assistant'
              ELSE 'tool' END,
         'turn ' || k || ' of branch ' || (i >> (${bits} - least(${bits}, (k - 2) // ${splitEvery})))
           || ': ' || repeat('the agent reads a file and runs the tests. ', 7),
         CASE WHEN k >= 2 AND k % 2 = 0
              THEN '[{"id":"c' || k || '","name":"run","arguments":"{\\"step\\":' || k || '}"}]'
              ELSE '[]' END::JSON,
         k >= 2 AND k % 2 = 0
  FROM range(${rollouts}) t(i), range(${turns}) s(k)`);
workspace.close();

const engine = await openEngine({ dbPath: db });
const input = { dataset_id: 'bench', group_id: 'g' };

async function getTree(): Promise<ApiOutput<'getTurnTree'>> {
  const result = await engine.dispatch('getTurnTree', input);
  if (!result.ok) throw new Error(`getTurnTree: ${result.error.message}`);
  return result.value as ApiOutput<'getTurnTree'>;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const round = (seconds: number) => Math.round(seconds * 10000) / 10000;

await measure(async () => {
  let started = performance.now();
  const first = await getTree();
  const coldSeconds = (performance.now() - started) / 1000;
  const apiRuns: number[] = [];
  const layoutRuns: number[] = [];
  const optionRuns: number[] = [];
  let drawn = 0;
  for (let run = 0; run < WARM_RUNS; run++) {
    started = performance.now();
    const tree = await getTree();
    apiRuns.push((performance.now() - started) / 1000);
    started = performance.now();
    const layout = layoutTurnTree(tree.nodes);
    layoutRuns.push((performance.now() - started) / 1000);
    started = performance.now();
    turnTreeOption(layout, tree.rollouts, 0, COLORS, 560);
    optionRuns.push((performance.now() - started) / 1000);
    drawn = layout.nodes.length;
  }
  await engine.close();
  return {
    records: first.rollouts,
    turns: rollouts * turns,
    tree_nodes: first.nodes.length,
    drawn_nodes: drawn,
    payload_kb: Math.round(Buffer.byteLength(JSON.stringify(first)) / 1024),
    api_cold_seconds: round(coldSeconds),
    api_seconds: round(median(apiRuns)),
    layout_seconds: round(median(layoutRuns)),
    option_seconds: round(median(optionRuns)),
  };
});
rmSync(db, { force: true });
