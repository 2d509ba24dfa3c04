// Where a trajectory shows signs of failing, in turn order: observations that report an error or
// a failing test run (read with the heuristic labeler's own recognisers), segments whose label in
// force is a regression, and the step the credit model predicts the trajectory failed at.
import * as z from 'zod';
import type { FailureSignal } from '../../shared/api-trajectory';
import { TurnErrorSchema, type TurnError } from '../../shared/model';
import { turnRelationsFor } from '../import/attach/turn-relations';
import { isErrorObservation, parseTestReport } from '../labels/heuristics/observations';
import { requireTrajectory } from '../store/require';
import { jsonTextColumn } from '../store/row-schemas';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';

/** How much of an observation is read: errors show at its start, test summaries at its end. */
const OBSERVATION_CHARS = 2000;
const DETAIL_CHARS = 200;
const SEGMENTATION = 'action';
const OBSERVATION = sql.raw(String(OBSERVATION_CHARS));

export interface ObservationTurn {
  turn_index: number;
  role: string;
  is_action: boolean;
  head: string;
  /** The end of a long observation; null when head holds all of it. */
  tail: string | null;
  /** The error the format recorded on the turn (turns.error). */
  error: TurnError | null;
}

/** A recorded error as a signal's detail: its kind, exit code and message. */
export function errorDetail(error: TurnError): string {
  const code = error.exit_code === null ? '' : ` ${error.exit_code}`;
  return error.message === null
    ? `${error.kind}${code}`
    : `${error.kind}${code}: ${firstLine(error.message)}`;
}

function firstLine(text: string): string {
  const line = text.trimStart().split('\n', 1)[0] ?? '';
  return line.length > DETAIL_CHARS ? `${line.slice(0, DETAIL_CHARS)}…` : line;
}

/** The error and test-failure signals of a trajectory's observations (pure). */
export function observationSignals(turns: ObservationTurn[]): FailureSignal[] {
  const signals: FailureSignal[] = [];
  let acted = false;
  for (const turn of turns) {
    if (turn.is_action) acted = true;
    // What the format recorded counts first: the text of an error turn may be elided ("...").
    if (turn.error !== null) {
      signals.push({
        turn_index: turn.turn_index,
        kind: 'tool_error',
        detail: errorDetail(turn.error),
      });
      continue;
    }
    // A user turn is an observation only once the policy has acted (the task prompt is not).
    const observation =
      turn.role === 'tool' || turn.role === 'environment' || (turn.role === 'user' && acted);
    if (!observation || turn.is_action) continue;
    if (isErrorObservation(turn.head)) {
      signals.push({
        turn_index: turn.turn_index,
        kind: 'tool_error',
        detail: firstLine(turn.head),
      });
      continue;
    }
    const report = parseTestReport(turn.tail ?? turn.head);
    if (report !== null && report.failed > 0) {
      signals.push({
        turn_index: turn.turn_index,
        kind: 'test_failure',
        detail: `${report.failed} failed, ${report.passed} passed`,
      });
    }
  }
  return signals;
}

/** An observation turn as read: its error is the JSON column read as text. */
const ObservationRow = z.object({
  turn_index: z.number(),
  role: z.string(),
  is_action: z.boolean(),
  head: z.string(),
  tail: z.string().nullable(),
  error: jsonTextColumn(TurnErrorSchema).nullable(),
});

const RegressionRow = z.object({
  segment_index: z.number(),
  turn_start: z.number(),
  source: z.string(),
});

const PredictedRow = z.object({ failure_step: z.number(), turn_start: z.number() });

export async function failureSignals(
  workspace: Workspace,
  trajectoryId: string,
): Promise<FailureSignal[]> {
  await requireTrajectory(workspace, trajectoryId);
  const relations = await turnRelationsFor(workspace, trajectoryId);
  const turns = await workspace.queryAs(
    ObservationRow,
    sql`SELECT turn_index, role, is_action, left(content, ${OBSERVATION}) AS head,
            CASE WHEN length(content) > ${OBSERVATION}
                 THEN right(content, ${OBSERVATION}) END AS tail,
            error::VARCHAR AS error
     FROM ${sql.raw(relations.turns)} AS u
     WHERE trajectory_id = ${trajectoryId}
       AND (role IN ('tool', 'environment', 'user') OR error IS NOT NULL)
     ORDER BY turn_index`,
  );
  const signals = observationSignals(turns);
  const regressions = await workspace.queryAs(
    RegressionRow,
    sql`SELECT s.segment_index, s.turn_start, l.source
     FROM labels_effective l JOIN tw_segments s
       ON s.trajectory_id = l.trajectory_id AND s.segment_index = l.segment_index
      AND s.segmentation = l.segmentation
     WHERE l.trajectory_id = ${trajectoryId} AND l.segmentation = ${SEGMENTATION}
       AND l.role_label = 'regression'
     ORDER BY s.segment_index`,
  );
  for (const row of regressions) {
    signals.push({
      turn_index: row.turn_start,
      kind: 'regression_label',
      detail: `step ${row.segment_index} labeled regression (${row.source})`,
    });
  }
  const predicted = await workspace.queryAs(
    PredictedRow,
    sql`SELECT sc.failure_step, s.turn_start
     FROM tw_trajectory_scores sc JOIN tw_segments s
       ON s.trajectory_id = sc.trajectory_id AND s.segment_index = sc.failure_step
      AND s.segmentation = sc.segmentation
     WHERE sc.trajectory_id = ${trajectoryId} AND sc.segmentation = ${SEGMENTATION}
       AND sc.failure_step IS NOT NULL
     LIMIT 1`,
  );
  for (const row of predicted) {
    signals.push({
      turn_index: row.turn_start,
      kind: 'predicted_failure',
      detail: `credit predicts the failure at step ${row.failure_step}`,
    });
  }
  // Turn order; at one turn, observations before labels before the prediction (push order).
  return signals
    .map((signal, order) => ({ signal, order }))
    .sort((a, b) => a.signal.turn_index - b.signal.turn_index || a.order - b.order)
    .map(({ signal }) => signal);
}
