// The records of an export, in their final order, as the JSON lines to write: shared by the export
// job and its preview, so the preview shows exactly what would be written.
import * as z from 'zod';
import type { ExportSelection } from '../../shared/api-export';
import { TurnwiseError } from '../../shared/result';
import { redactJson } from '../secrets/redact';
import type { Progress } from '../core/jobs';
import type { Workspace } from '../store/workspace';
import { leftOutIn } from './agent-view';
import { loadTrajectories } from './chat-messages';
import { loadMessageCredit } from './message-credit';
import { selectTrajectories, type SelectedTrajectory } from './selection';
import type { ExportContext, ExportTargetModule, RecordPlan } from './targets/export-target';
import { EXPORT_TARGET_MODULES } from './targets/registry';
import {
  linesForRecord,
  planTrajectoryWeighting,
  ZERO_WEIGHT_SKIP,
  type TrajectoryWeighting,
} from './trajectory-weighting';

/** Units whose trajectories are loaded with one query. */
const LOAD_BATCH = 256;

export interface PlannedExport {
  target: ExportTargetModule;
  selected: SelectedTrajectory[];
  plan: RecordPlan;
  context: ExportContext;
  segmentation: string;
  /** Skipped trajectories or records by reason; grows while lines are produced. */
  skipped: Map<string, number>;
  /** Parts of written records' conversations left out, by reason; grows likewise. */
  left_out: Map<string, number>;
  /** DRIFT weights and duplication by weight; its tally grows while lines are produced. */
  weighting: TrajectoryWeighting;
}

/**
 * The selected trajectories the export re-scans for secrets (docs/security.md): all of them with
 * `redact`, none with `keep`, else those whose dataset was not redacted at import.
 */
async function trajectoriesToScan(
  workspace: Workspace,
  selected: SelectedTrajectory[],
  mode: ExportSelection['secrets'],
): Promise<Set<string>> {
  if (mode === 'keep') return new Set();
  if (mode === 'redact') return new Set(selected.map((t) => t.trajectory_id));
  const rows = await workspace.queryAs(
    z.object({ dataset_id: z.string() }),
    `SELECT dataset_id FROM tw_datasets WHERE coalesce(secrets, 'unscanned') <> 'redacted'`,
  );
  const unredacted = new Set(rows.map((row) => row.dataset_id));
  return new Set(selected.filter((t) => unredacted.has(t.dataset_id)).map((t) => t.trajectory_id));
}

export async function planExport(
  workspace: Workspace,
  selection: ExportSelection,
  /** A preview: step pairs from the turn trees of at most this many groups, scaled up. */
  previewGroups?: number,
): Promise<PlannedExport> {
  const target = EXPORT_TARGET_MODULES[selection.target];
  const selected = await selectTrajectories(workspace, selection);
  const weighting = planTrajectoryWeighting(selected, selection.weighting, target);
  const context: ExportContext = {
    workspace,
    selection,
    scan_secrets: await trajectoriesToScan(workspace, selected, selection.secrets),
    redacted_at_export: new Map(),
    ...(selection.weighting.trajectory === 'drift'
      ? { trajectory_weights: weighting.weights }
      : {}),
    ...(previewGroups === undefined ? {} : { preview_groups: previewGroups }),
  };
  const plan = await target.plan(selected, context);
  const skipped = new Map<string, number>();
  for (const reason of plan.skipped) skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
  const segmentation = selection.filter.segmentation;
  const left_out = new Map<string, number>();
  return { target, selected, plan, context, segmentation, skipped, left_out, weighting };
}

export function skippedList(skipped: Map<string, number>): { reason: string; count: number }[] {
  return [...skipped.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([reason, count]) => ({ reason, count }));
}

/**
 * Yields each record as one line of JSON (no newline), checking for cancel between records; when
 * duplicating by weight, a record's line is repeated round(weight) times in place (0 drops it).
 */
export async function* recordLines(
  workspace: Workspace,
  planned: PlannedExport,
  signal: AbortSignal,
  report: (progress: Progress) => void = () => undefined,
): AsyncGenerator<string> {
  const { plan, selected, target, skipped, left_out, context } = planned;
  const byId = new Map(selected.map((t) => [t.trajectory_id, t]));
  const total = plan.units.length;
  for (let start = 0; start < total; start += LOAD_BATCH) {
    const units = plan.units.slice(start, start + LOAD_BATCH);
    const ids = [...new Set(units.flatMap((u) => u.trajectory_ids))];
    const loaded = await loadTrajectories(
      workspace,
      ids.flatMap((id) => byId.get(id) ?? []),
      context.selection.reasoning,
    );
    if (target.needsCredit === true) {
      const source = context.selection.weighting.source;
      const credit = await loadMessageCredit(workspace, ids, planned.segmentation, source);
      // Credit is per turn; messages skip the turns left out of the agent's conversation.
      for (const [id, trajectory] of loaded) {
        const perTurn = credit.get(id) ?? [];
        trajectory.message_credit = (trajectory.message_turns ?? []).map((t) => perTurn[t] ?? null);
      }
    }
    if (target.enrich !== undefined) await target.enrich(loaded, context);
    for (const [offset, unit] of units.entries()) {
      if (signal.aborted) throw new TurnwiseError('cancelled', 'export cancelled');
      const trajectories = unit.trajectory_ids.flatMap((id) => loaded.get(id) ?? []);
      const built = target.build(trajectories, context, unit);
      if ('skip' in built) {
        skipped.set(built.skip, (skipped.get(built.skip) ?? 0) + 1);
      } else {
        const lines = linesForRecord(unit, planned.weighting);
        if (lines === 0) skipped.set(ZERO_WEIGHT_SKIP, (skipped.get(ZERO_WEIGHT_SKIP) ?? 0) + 1);
        else {
          const extent = {
            ...(unit.step === undefined ? {} : { step_turn: unit.step.turn_index }),
            prompt_only: target.weightField === 'task_prompts',
          };
          for (const reason of [...leftOutIn(trajectories, extent), ...(built.left_out ?? [])]) {
            left_out.set(reason, (left_out.get(reason) ?? 0) + 1);
          }
        }
        const scan = unit.trajectory_ids.some((id) => context.scan_secrets.has(id));
        const record = scan ? redactJson(built.record, context.redacted_at_export) : built.record;
        const line = JSON.stringify(record);
        for (let copy = 0; copy < lines; copy += 1) yield line;
      }
      report({ done: start + offset + 1, total, unit: 'records', message: 'exporting' });
    }
  }
}
