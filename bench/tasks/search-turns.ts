// Adds turns to the explorer benchmark's workspace for the text-search section: `per` turns to
// every trajectory (20 by default: 1M trajectories make 20M turns), each about 160 characters of
// agent-log-like text built from hashes, so a rare needle ("src/module_19999.py") is in about one
// trajectory in a thousand and a common one ("status 5;") in most. Reasoning on one turn in seven.
// Usage: tsx bench/tasks/search-turns.ts <database file> [per=20]
import { Workspace } from '../../engine/store/workspace';
import { argument, measure } from './measure';

const db = argument(0, 'database file');
const per = Number(process.argv[3] ?? 20);

await measure(async () => {
  const workspace = await Workspace.open(db);
  await workspace.run(
    `INSERT INTO tw_turns (trajectory_id, turn_index, role, content, reasoning, tool_calls,
       tool_call_id, is_action, n_tokens)
     SELECT trajectory_id, k::INTEGER, CASE WHEN k % 2 = 0 THEN 'assistant' ELSE 'tool' END,
            'The agent ran command ' || hash(trajectory_id, k, 1) % 100000 || ' in repo w' ||
            hash(trajectory_id, k, 2) % 5000 || ' and saw output line ' ||
            hash(trajectory_id, k, 3) % 777777 || ' with status ' || hash(trajectory_id, k, 4) % 97 ||
            '; next it edits file src/module_' || hash(trajectory_id, k, 5) % 20000 ||
            '.py to fix failing test ' || hash(trajectory_id, k, 6) % 3000,
            CASE WHEN hash(trajectory_id, k, 7) % 7 = 0
                 THEN 'thinking about step ' || hash(trajectory_id, k, 8) % 10000 END,
            '[]', NULL, k % 2 = 0, NULL
     FROM (SELECT trajectory_id, unnest(range($1)) AS k FROM tw_trajectories)`,
    [per],
  );
  await workspace.run('CHECKPOINT');
  const [counts] = await workspace.query(
    `SELECT count(*) AS turns, sum(length(content)) AS bytes FROM tw_turns`,
  );
  workspace.close();
  return { turns: Number(counts?.turns), text_mb: Math.round(Number(counts?.bytes) / 1e6) };
});
