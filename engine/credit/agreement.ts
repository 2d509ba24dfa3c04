// How the three credit signals agree on labeled segments (docs/credit.md): the TRIAGE role (its
// constant), the stored progress advantage, and the turn-tree branch advantage of the segment's
// action node in its group's tree. Rank correlations, and each role against the signs of the
// two Monte-Carlo / log-prob signals.
import * as z from 'zod';
import type { ApiOutput } from '../../shared/api';
import { RoleLabelSchema } from '../../shared/api-labels';
import { ROLE_CONSTANTS } from '../../shared/credit';
import { ROLE_LABELS } from '../../shared/model';
import { spearman } from '../../shared/rank-metrics';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';
import { groupTurnTree } from './turn-tree-query';

/** Turn trees are built for at most this many groups (the rest are left out and counted). */
const MAX_GROUPS = 500;

type Sign = 'positive' | 'zero' | 'negative' | 'unknown';

function sign(value: number | null): Sign {
  if (value === null || Number.isNaN(value)) return 'unknown';
  return value > 0 ? 'positive' : value < 0 ? 'negative' : 'zero';
}

/** The node of a rollout's turn at turnIndex: walk its path from the root (depth = turn + 1). */
function branchAdvantageAt(
  tree: ApiOutput<'getTurnTree'>,
  rolloutId: string,
  turnIndex: number,
): number | null {
  const node = tree.nodes.find(
    (candidate) => candidate.depth === turnIndex + 1 && candidate.rollout_ids.includes(rolloutId),
  );
  return node?.branch_advantage ?? null;
}

/** A labeled segment with its stored progress advantage (NaN arrives as text) and its group. */
const LabeledRow = z.object({
  trajectory_id: z.string(),
  role_label: RoleLabelSchema,
  progress_advantage: z.union([z.number(), z.string().transform(Number)]).nullable(),
  turn_end: z.number(),
  group_id: z.string().nullable(),
});

export async function creditAgreement(
  workspace: Workspace,
  datasetId: string,
  segmentation: string,
): Promise<ApiOutput<'getCreditAgreement'>> {
  const rows = await workspace.queryAs(
    LabeledRow,
    sql`SELECT le.trajectory_id, le.segment_index, le.role_label, c.progress_advantage,
            s.turn_end, t.group_id
     FROM labels_effective le
     JOIN tw_segments s ON s.trajectory_id = le.trajectory_id
       AND s.segment_index = le.segment_index AND s.segmentation = le.segmentation
     JOIN tw_trajectories t ON t.trajectory_id = le.trajectory_id
     LEFT JOIN tw_credit c ON c.trajectory_id = le.trajectory_id
       AND c.segment_index = le.segment_index AND c.segmentation = le.segmentation
     WHERE t.dataset_id = ${datasetId} AND le.segmentation = ${segmentation}
     ORDER BY t.group_id, le.trajectory_id, le.segment_index`,
  );
  const groups = [...new Set(rows.flatMap((row) => (row.group_id === null ? [] : [row.group_id])))];
  const trees = new Map<string, ApiOutput<'getTurnTree'>>();
  for (const group of groups.slice(0, MAX_GROUPS)) {
    trees.set(group, await groupTurnTree(workspace, datasetId, group));
  }
  const points = rows.map((row) => {
    const tree = row.group_id === null ? undefined : trees.get(row.group_id);
    const role = row.role_label;
    return {
      role,
      constant: ROLE_CONSTANTS[role] ?? null,
      progress: row.progress_advantage,
      branch: tree ? branchAdvantageAt(tree, row.trajectory_id, row.turn_end) : null,
    };
  });
  const pick = (key: 'constant' | 'progress' | 'branch') => points.map((p) => p[key]);
  const confusion = ROLE_LABELS.map((role) => {
    const ofRole = points.filter((p) => p.role === role);
    const count = (key: 'progress' | 'branch', s: Sign) =>
      ofRole.filter((p) => sign(p[key]) === s).length;
    const signs = (key: 'progress' | 'branch') => ({
      positive: count(key, 'positive'),
      zero: count(key, 'zero'),
      negative: count(key, 'negative'),
      unknown: count(key, 'unknown'),
    });
    return { role, segments: ofRole.length, progress: signs('progress'), branch: signs('branch') };
  });
  return {
    labeled_segments: points.length,
    groups_left_out: Math.max(0, groups.length - MAX_GROUPS),
    spearman: {
      role_vs_progress: spearman(pick('constant'), pick('progress')),
      role_vs_branch: spearman(pick('constant'), pick('branch')),
      progress_vs_branch: spearman(pick('progress'), pick('branch')),
    },
    confusion,
  };
}
