// Preference pairs for trl-dpo, trl-kto and llamafactory (docs/credit.md): trajectory-level pairs (ETO:
// a success and a failure of the same task) and step-level pairs at turn-tree branch points
// (IPR, see step-pairs.ts), planned together so every preference target pairs the same way.
import { normalizeWhitespace } from '../../shared/segments';
import { canonicalJson } from '../text/canonical-json';
import { messageIndexOfTurn, type ChatMessage, type LoadedTrajectory } from './chat-messages';
import type { SelectedTrajectory } from './selection';
import { scaleSampledUnits, stepPairUnits } from './step-pairs';
import type { ExportContext, RecordPlan, RecordUnit } from './targets/export-target';

function byRewardThenId(a: SelectedTrajectory, b: SelectedTrajectory): number {
  const ra = a.reward ?? -Infinity;
  const rb = b.reward ?? -Infinity;
  if (ra !== rb) return rb - ra;
  return a.trajectory_id < b.trajectory_id ? -1 : a.trajectory_id > b.trajectory_id ? 1 : 0;
}

/**
 * Per task, successes and failures each ordered by reward (highest first) then id, zipped, at
 * most `maxPerTask` pairs; the rest are reported as unpaired.
 */
export function trajectoryPairPlan(selected: SelectedTrajectory[], maxPerTask: number): RecordPlan {
  const skipped: string[] = [];
  const tasks = new Map<string, { wins: SelectedTrajectory[]; losses: SelectedTrajectory[] }>();
  for (const t of selected) {
    if (t.success === null) skipped.push('outcome unknown');
    else if (t.task_id === null) skipped.push('no task id to pair by');
    else {
      const task = tasks.get(t.task_id) ?? { wins: [], losses: [] };
      (t.success ? task.wins : task.losses).push(t);
      tasks.set(t.task_id, task);
    }
  }
  const units: RecordUnit[] = [];
  for (const taskId of [...tasks.keys()].sort()) {
    const { wins, losses } = tasks.get(taskId) ?? { wins: [], losses: [] };
    wins.sort(byRewardThenId);
    losses.sort(byRewardThenId);
    const pairs = Math.min(wins.length, losses.length, maxPerTask);
    for (let i = 0; i < pairs; i += 1) {
      units.push({
        trajectory_ids: [wins[i]?.trajectory_id ?? '', losses[i]?.trajectory_id ?? ''],
      });
    }
    // Beyond the cap, trajectories that had a partner left are counted apart from those that had none.
    const pairable = 2 * (Math.min(wins.length, losses.length) - pairs);
    const unmatched = wins.length + losses.length - 2 * pairs - pairable;
    for (let i = 0; i < pairable; i += 1) skipped.push('pairs per task at the maximum');
    for (let i = 0; i < unmatched; i += 1) {
      skipped.push('no trajectory of the opposite outcome left to pair with');
    }
  }
  return { units, skipped };
}

/** Trajectory pairs, then step pairs, as the selection's `pairs` asks. */
export async function preferencePlan(
  selected: SelectedTrajectory[],
  context: ExportContext,
): Promise<RecordPlan> {
  const { pairs } = context.selection;
  const plan: RecordPlan = { units: [], skipped: [] };
  if (pairs.trajectory) {
    const trajectoryPlan = trajectoryPairPlan(selected, pairs.max_pairs_per_task);
    plan.units.push(...trajectoryPlan.units);
    plan.skipped.push(...trajectoryPlan.skipped);
  }
  if (pairs.step) {
    const before = plan.units.length;
    const stepPlan = await stepPairUnits(selected, context);
    plan.units.push(...stepPlan.units);
    // Without trajectory pairs, a trajectory's skip reasons come from the step pairing alone.
    if (!pairs.trajectory) plan.skipped.push(...stepPlan.skipped);
    scaleSampledUnits(plan, before, stepPlan.scale);
  }
  return plan;
}

/** Turn identity as in the turn tree: role, content and tool calls (not ids or whitespace runs). */
function messageKey(message: ChatMessage): string {
  const calls =
    message.role === 'assistant'
      ? (message.tool_calls ?? []).map((c) => [c.function.name, c.function.arguments])
      : [];
  return canonicalJson([message.role, normalizeWhitespace(message.content), calls]);
}

/** The first index where two conversations differ, or null if one is a prefix of the other. */
export function firstDivergence(a: ChatMessage[], b: ChatMessage[]): number | null {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) {
    if (messageKey(a[i] as ChatMessage) !== messageKey(b[i] as ChatMessage)) return i;
  }
  return null;
}

export type StepChoice =
  { prompt: ChatMessage[]; chosen: ChatMessage; rejected: ChatMessage } | { skip: string };

/**
 * The shared prompt and the two differing assistant turns at turn `turnIndex` (a turn-tree
 * position; each trajectory's message for it, as messages leave user-side turns out).
 */
export function stepChoice(
  chosen: LoadedTrajectory,
  rejected: LoadedTrajectory,
  turnIndex: number,
): StepChoice {
  const at = messageIndexOfTurn(chosen, turnIndex);
  const atRejected = messageIndexOfTurn(rejected, turnIndex);
  return stepChoiceAt(chosen, rejected, at ?? -1, atRejected ?? -1);
}

/** The same at given message indexes (e.g. the first divergence of the two conversations). */
export function stepChoiceAt(
  chosen: LoadedTrajectory,
  rejected: LoadedTrajectory,
  at: number,
  atRejected: number,
): StepChoice {
  const win = chosen.messages[at];
  const loss = rejected.messages[atRejected];
  if (win?.role !== 'assistant' || loss?.role !== 'assistant') {
    return { skip: 'pair skipped: the turns where they differ are not both assistant turns' };
  }
  return { prompt: chosen.messages.slice(0, at), chosen: win, rejected: loss };
}
