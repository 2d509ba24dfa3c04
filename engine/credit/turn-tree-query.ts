// The turn tree of one group (docs/credit.md, turn trees): its rollouts merged by the reference
// builder (shared/turn-tree.ts), nodes returned with a short preview instead of full content.
import * as z from 'zod';
import type { ApiOutput } from '../../shared/api';
import { TurnwiseError } from '../../shared/result';
import { buildTurnTree, type TreeRollout } from '../../shared/turn-tree';
import { summarizeTreeNodes } from '../../shared/turn-tree-summary';
import type { Workspace } from '../store/workspace';
import { idBatch } from '../store/id-batch';
import { sql } from '../store/sql-template';
import { toolCallsOf } from '../store/row-schemas';

/** Larger groups are refused rather than sent whole; GRPO groups are usually 4 to 64. */
export const MAX_TREE_ROLLOUTS = 512;

const MemberRow = z.object({ trajectory_id: z.string(), success: z.boolean().nullable() });
const TurnRow = z.object({
  trajectory_id: z.string(),
  role: z.string(),
  content: z.string(),
  tool_calls: z.string(),
});

export async function groupTurnTree(
  workspace: Workspace,
  datasetId: string,
  groupId: string,
): Promise<ApiOutput<'getTurnTree'>> {
  const members = await workspace.queryAs(
    MemberRow,
    sql`SELECT trajectory_id, success FROM tw_trajectories
        WHERE dataset_id = ${datasetId} AND group_id = ${groupId}
        ORDER BY sample_index NULLS LAST, trajectory_id`,
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
  const nodes = buildTurnTree(await treeRollouts(workspace, members));
  return {
    rollouts: members.length,
    nodes: summarizeTreeNodes(nodes),
  };
}

/** Trajectories read per query when loading rollouts for trees. */
const ROLLOUT_BATCH = 256;

/** The rollouts of a tree in the given order, with their turns (one query per 256 rollouts). */
export async function treeRollouts(
  workspace: Workspace,
  members: { trajectory_id: string; success: boolean | null }[],
): Promise<TreeRollout[]> {
  const byRollout = new Map<string, TreeRollout['turns'][number][]>();
  for (let start = 0; start < members.length; start += ROLLOUT_BATCH) {
    const ids = members.slice(start, start + ROLLOUT_BATCH).map((m) => m.trajectory_id);
    const turns = await workspace.queryAs(
      TurnRow,
      sql`SELECT trajectory_id, role, content, tool_calls::VARCHAR AS tool_calls FROM tw_all_turns
          WHERE ${idBatch('trajectory_id', ids)} ORDER BY trajectory_id, turn_index`,
    );
    for (const turn of turns) {
      const list = byRollout.get(turn.trajectory_id) ?? [];
      list.push({
        role: turn.role,
        content: turn.content,
        tool_calls: toolCallsOf(turn.tool_calls),
      });
      byRollout.set(turn.trajectory_id, list);
    }
  }
  return members.map((m) => ({
    rollout_id: m.trajectory_id,
    success: m.success,
    turns: byRollout.get(m.trajectory_id) ?? [],
  }));
}
