// trl-dpo: TRL's preference format, conversational, trajectory-level pairs: {"prompt": [...],
// "chosen": [...], "rejected": [...], "tools": [...]}. Within a task, successes and failures are
// each sorted by reward (highest first) then trajectory id and zipped; the prompt is the shared
// system/user prefix, chosen and rejected the rest of each trajectory.
import { canonicalJson } from '../../importers/canonical-json';
import { splitPrompt, type ToolSchema } from '../chat-messages';
import type { SelectedTrajectory } from '../selection';
import type { ExportTargetModule, RecordPlan } from './export-target';

function byRewardThenId(a: SelectedTrajectory, b: SelectedTrajectory): number {
  const ra = a.reward ?? -Infinity;
  const rb = b.reward ?? -Infinity;
  if (ra !== rb) return rb - ra;
  return a.trajectory_id < b.trajectory_id ? -1 : a.trajectory_id > b.trajectory_id ? 1 : 0;
}

function pairPlan(selected: SelectedTrajectory[]): RecordPlan {
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
  const units: RecordPlan['units'] = [];
  for (const taskId of [...tasks.keys()].sort()) {
    const { wins, losses } = tasks.get(taskId) ?? { wins: [], losses: [] };
    wins.sort(byRewardThenId);
    losses.sort(byRewardThenId);
    const pairs = Math.min(wins.length, losses.length);
    for (let i = 0; i < pairs; i += 1) {
      units.push({
        trajectory_ids: [wins[i]?.trajectory_id ?? '', losses[i]?.trajectory_id ?? ''],
      });
    }
    for (let i = pairs; i < wins.length + losses.length - pairs; i += 1) {
      skipped.push('no trajectory of the opposite outcome left to pair with');
    }
  }
  return { units, skipped };
}

function mergedTools(a: ToolSchema[], b: ToolSchema[]): ToolSchema[] {
  const byName = new Map<string, ToolSchema>();
  for (const schema of [...a, ...b]) {
    if (!byName.has(schema.function.name)) byName.set(schema.function.name, schema);
  }
  return [...byName.values()];
}

export const TRL_DPO: ExportTargetModule = {
  name: 'trl-dpo',
  file: 'train.jsonl',
  plan: pairPlan,
  build: ([chosen, rejected]) => {
    if (chosen === undefined || rejected === undefined) return { skip: 'trajectory not found' };
    const win = splitPrompt(chosen.messages);
    const loss = splitPrompt(rejected.messages);
    if (canonicalJson(win.prompt) !== canonicalJson(loss.prompt)) {
      return { skip: 'pair skipped: the two prompts differ' };
    }
    if (win.rest.length === 0 || loss.rest.length === 0) {
      return { skip: 'pair skipped: no assistant turn' };
    }
    return {
      record: {
        prompt: win.prompt,
        chosen: win.rest,
        rejected: loss.rest,
        tools: mergedTools(chosen.tool_schemas, rejected.tool_schemas),
      },
    };
  },
};
