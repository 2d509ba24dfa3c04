// Per-message credit for targets that weight turns: each turn's segment `total` from tw_credit
// (for the export's segmentation), aligned with the messages, which are one per turn in order.
import type { Workspace } from '../store/workspace';

/** For each trajectory, one entry per turn: its segment's credit total, or null if none. */
export async function loadMessageCredit(
  workspace: Workspace,
  trajectoryIds: string[],
  segmentation: string,
): Promise<Map<string, (number | null)[]>> {
  const credit = new Map<string, (number | null)[]>();
  if (trajectoryIds.length === 0) return credit;
  const n = trajectoryIds.length;
  const rows = await workspace.query(
    `WITH turns AS (
       SELECT trajectory_id, turn_index FROM tw_all_turns
       WHERE trajectory_id IN (${trajectoryIds.map((_, i) => `$${i + 1}`).join(', ')})),
     scored AS (
       SELECT s.trajectory_id, s.turn_start, s.turn_end, c.total
       FROM tw_segments s
       JOIN tw_credit c ON c.trajectory_id = s.trajectory_id AND c.segment_index = s.segment_index
         AND c.segmentation = s.segmentation
       WHERE s.segmentation = $${n + 1} AND c.total IS NOT NULL AND NOT isnan(c.total))
     SELECT t.trajectory_id, t.turn_index, any_value(sc.total) AS total
     FROM turns t LEFT JOIN scored sc ON sc.trajectory_id = t.trajectory_id
       AND t.turn_index BETWEEN sc.turn_start AND sc.turn_end
     GROUP BY t.trajectory_id, t.turn_index
     ORDER BY t.trajectory_id, t.turn_index`,
    [...trajectoryIds, segmentation],
  );
  for (const row of rows) {
    const id = String(row.trajectory_id);
    const list = credit.get(id) ?? [];
    list.push(typeof row.total === 'number' ? row.total : null);
    credit.set(id, list);
  }
  return credit;
}
