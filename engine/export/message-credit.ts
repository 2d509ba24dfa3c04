// Per-message credit for targets that weight turns, aligned with the messages (one per turn, in
// order), from the export's weighting source: the segment's TRIAGE `total` or `progress_advantage`
// from tw_credit (for the export's segmentation), or the turn-tree branch advantage.
import * as z from 'zod';
import type { CreditSource } from '../../shared/api-export';
import type { Workspace } from '../store/workspace';
import { loadBranchCredit } from './branch-credit';
import { FiniteOrNull } from '../store/finite-number';
import { idBatch } from '../store/id-batch';
import { sql } from '../store/sql-template';

/** The tw_credit column of each segment-level source: fixed names, never user input. */
const SEGMENT_COLUMN = { total: 'total', progress_advantage: 'progress_advantage' } as const;

/** A turn's credit: null where no segment credits it (or its value is not finite). */
const TurnCreditRow = z.object({
  trajectory_id: z.string(),
  turn_index: z.number(),
  credit: FiniteOrNull,
});

/** For each trajectory, one entry per turn: its credit from `source`, or null if none. */
export async function loadMessageCredit(
  workspace: Workspace,
  trajectoryIds: string[],
  segmentation: string,
  source: CreditSource = 'total',
): Promise<Map<string, (number | null)[]>> {
  if (source === 'branch_advantage') return loadBranchCredit(workspace, trajectoryIds);
  const column = SEGMENT_COLUMN[source];
  const credit = new Map<string, (number | null)[]>();
  if (trajectoryIds.length === 0) return credit;
  const credited = sql.raw(`c.${column}`);
  const rows = await workspace.queryAs(
    TurnCreditRow,
    sql`WITH turns AS (SELECT trajectory_id, turn_index FROM tw_all_turns
                    WHERE ${idBatch('trajectory_id', trajectoryIds)}),
     scored AS (
       SELECT s.trajectory_id, s.turn_start, s.turn_end, ${credited} AS credit
       FROM tw_segments s
       JOIN tw_credit c ON c.trajectory_id = s.trajectory_id AND c.segment_index = s.segment_index
         AND c.segmentation = s.segmentation
       WHERE s.segmentation = ${segmentation} AND ${credited} IS NOT NULL
         AND NOT isnan(${credited})
         -- The same batch, so only its segments are joined.
         AND ${idBatch('s.trajectory_id', trajectoryIds)})
     SELECT t.trajectory_id, t.turn_index, any_value(sc.credit) AS credit
     FROM turns t LEFT JOIN scored sc ON sc.trajectory_id = t.trajectory_id
       AND t.turn_index BETWEEN sc.turn_start AND sc.turn_end
     GROUP BY t.trajectory_id, t.turn_index
     ORDER BY t.trajectory_id, t.turn_index`,
  );
  for (const row of rows) {
    const list = credit.get(row.trajectory_id) ?? [];
    list.push(row.credit);
    credit.set(row.trajectory_id, list);
  }
  return credit;
}
