// The turn tree of one group (DESIGN s4, TRACE-style): its rollouts merged by the reference
// builder (shared/turn-tree.ts), nodes returned with a short preview instead of full content.
import type { ApiOutput } from '../../../shared/api';
import { TurnwiseError } from '../../../shared/result';
import type { SegmentToolCall } from '../../../shared/segments';
import { buildTurnTree, type TreeRollout } from '../../../shared/turn-tree';
import type { Workspace } from '../store/workspace';

/** Larger groups are refused rather than sent whole; GRPO groups are usually 4 to 64. */
export const MAX_TREE_ROLLOUTS = 512;
const PREVIEW_CHARS = 200;

export async function groupTurnTree(
  workspace: Workspace,
  datasetId: string,
  groupId: string,
): Promise<ApiOutput<'getTurnTree'>> {
  const members = await workspace.query(
    `SELECT trajectory_id, success FROM tw_trajectories WHERE dataset_id = $1 AND group_id = $2
     ORDER BY sample_index NULLS LAST, trajectory_id`,
    [datasetId, groupId],
  );
  if (members.length === 0) {
    throw new TurnwiseError('not_found', `no group '${groupId}' in dataset '${datasetId}'`);
  }
  if (members.length > MAX_TREE_ROLLOUTS) {
    throw new TurnwiseError(
      'invalid_input',
      `group '${groupId}' has ${members.length} rollouts; turn trees take at most ${MAX_TREE_ROLLOUTS}`,
    );
  }
  const turns = await workspace.query(
    `SELECT trajectory_id, role, content, tool_calls::VARCHAR AS tool_calls FROM tw_all_turns
     WHERE trajectory_id IN (SELECT trajectory_id FROM tw_trajectories
                             WHERE dataset_id = $1 AND group_id = $2)
     ORDER BY trajectory_id, turn_index`,
    [datasetId, groupId],
  );
  const byRollout = new Map<string, TreeRollout['turns'][number][]>();
  for (const turn of turns) {
    const list = byRollout.get(String(turn.trajectory_id)) ?? [];
    list.push({
      role: String(turn.role),
      content: String(turn.content),
      tool_calls: JSON.parse(String(turn.tool_calls)) as SegmentToolCall[],
    });
    byRollout.set(String(turn.trajectory_id), list);
  }
  const nodes = buildTurnTree(
    members.map((m) => ({
      rollout_id: String(m.trajectory_id),
      success: typeof m.success === 'boolean' ? m.success : null,
      turns: byRollout.get(String(m.trajectory_id)) ?? [],
    })),
  );
  return {
    rollouts: members.length,
    nodes: nodes.map(({ turn, ...node }) => ({
      ...node,
      role: turn?.role ?? null,
      preview: turn === null ? null : turn.content.slice(0, PREVIEW_CHARS),
      tool_names: turn === null ? [] : turn.tool_calls.map((call) => call.name),
    })),
  };
}
