// trl-kto: TRL's unpaired preference format, conversational: {"prompt": [...], "completion":
// [...], "label": bool}. Trajectory-level records: the prompt is the system/user turns before the
// first assistant turn, the completion the rest, the label the trajectory's success. Step-level
// records (from the step pairs at turn-tree branch points): the prompt is the history up to the
// branch, the completion the one assistant turn, labelled true for the higher-value turn and
// false for the lower one.
import { messageIndexOfTurn, splitPrompt } from '../chat-messages';
import { scaleSampledUnits, stepPairUnits } from '../step-pairs';
import type { ExportTargetModule, RecordPlan, RecordUnit } from './export-target';
import { onePerTrajectory } from './export-target';

export const TRL_KTO: ExportTargetModule = {
  name: 'trl-kto',
  file: 'train.jsonl',
  plan: async (selected, context) => {
    const { pairs } = context.selection;
    const plan: RecordPlan = { units: [], skipped: [] };
    if (pairs.trajectory) {
      plan.units.push(...onePerTrajectory(selected.filter((t) => t.success !== null)).units);
      plan.skipped.push(...selected.filter((t) => t.success === null).map(() => 'outcome unknown'));
    }
    if (pairs.step) {
      const before = plan.units.length;
      const steps = await stepPairUnits(selected, context);
      if (!pairs.trajectory) plan.skipped.push(...steps.skipped);
      // Each branch turn once: a turn rejected against the best sibling is one false record.
      const seen = new Set<string>();
      const add = (unit: RecordUnit) => {
        const key = JSON.stringify([unit.trajectory_ids, unit.step?.turn_index]);
        if (!seen.has(key)) plan.units.push(unit);
        seen.add(key);
      };
      for (const unit of steps.units) {
        const [chosen, rejected] = unit.trajectory_ids;
        const [high, low] = unit.step?.values ?? [];
        const turn = unit.step?.turn_index ?? 0;
        const step = (value: number | undefined, label: boolean) => ({
          turn_index: turn,
          values: [value ?? 0],
          label,
        });
        add({ trajectory_ids: [chosen ?? ''], step: step(high, true) });
        add({ trajectory_ids: [rejected ?? ''], step: step(low, false) });
      }
      scaleSampledUnits(plan, before, steps.scale);
    }
    return plan;
  },
  build: ([trajectory], _context, unit) => {
    if (trajectory === undefined) return { skip: 'trajectory not found' };
    if (unit?.step !== undefined) {
      const at = messageIndexOfTurn(trajectory, unit.step.turn_index);
      const turn = at === null ? undefined : trajectory.messages[at];
      if (turn?.role !== 'assistant') return { skip: 'step turn is not an assistant turn' };
      return {
        record: {
          prompt: trajectory.messages.slice(0, at ?? 0),
          completion: [turn],
          label: unit.step.label === true,
        },
      };
    }
    const { prompt, rest } = splitPrompt(trajectory.messages);
    if (rest.length === 0) return { skip: 'no assistant turn' };
    if (prompt.length === 0) return { skip: 'no prompt before the first assistant turn' };
    return { record: { prompt, completion: rest, label: trajectory.success === true } };
  },
};
