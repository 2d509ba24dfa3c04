// Per-token lists scored into the workspace for attached trajectories take the place of the
// file's own lists, in the public view and in the trajectory view alike.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeParquet } from '../../testing/parquet-rows-fixture';
import { getTrajectory } from '../../trajectory/trajectory-detail';
import { Workspace } from '../../store/workspace';
import { tempDir } from '../../testing/test-support';
import { runAttach } from './run-attach';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('attached datasets and stored log-probs', () => {
  it('a stored row replaces the file row of the same turn; other turns keep theirs', async () => {
    const file = await writeParquet(
      path.join(tmp.dir, 'demo.parquet'),
      `SELECT * FROM read_json('datasets/demo/demo.jsonl', format = 'newline_delimited') LIMIT 2`,
    );
    const workspace = await Workspace.open(path.join(tmp.dir, 'ws.duckdb'));
    const never = new AbortController().signal;
    await runAttach(workspace, { paths: [file], onError: 'abort', dataset: 'a' }, () => {}, never);
    const id = 'a:0:0';
    const before = await workspace.query(
      `SELECT turn_index, len(logp_policy) AS n FROM token_logprobs WHERE trajectory_id = $1
       ORDER BY turn_index`,
      [id],
    );
    expect(before.length).toBeGreaterThan(1);
    const first = Number(before[0]?.turn_index);
    await workspace.run(
      `INSERT INTO tw_token_logprobs VALUES ($1, $2, [7, 8], [-0.5, -0.25], [-1.0, -1.0])`,
      [id, first],
    );
    const after = await workspace.query(
      `SELECT turn_index, logp_policy FROM token_logprobs WHERE trajectory_id = $1
       ORDER BY turn_index`,
      [id],
    );
    expect(after).toHaveLength(before.length);
    expect(after[0]).toEqual({ turn_index: first, logp_policy: [-0.5, -0.25] });
    const detail = await getTrajectory(workspace, id);
    const flagged = detail.turns.filter((t) => t.has_logprobs).map((t) => t.turn_index);
    expect(flagged).toEqual(before.map((row) => row.turn_index));
    workspace.close();
  });
});
