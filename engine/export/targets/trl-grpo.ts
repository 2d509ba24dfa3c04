// trl-grpo: prompt-only rows for TRL's GRPOTrainer, one JSON line per task: {"prompt": [...],
// "ground_truth", "task_id", "dataset_id", "tools"}. `prompt` is conversational (the system and
// user messages before the first assistant turn); GRPOTrainer passes every other column to the
// reward functions as a keyword argument (TRL docs, "Using a custom reward function"), which is
// how a reward function sees the ground truth and task. GRPO samples the group itself, so each
// task appears once, from its first selected trajectory by id (task-prompts.ts).
import type { ExportTargetModule } from './export-target';
import {
  extrasOf,
  groundTruthOf,
  groundTruthRule,
  loadTaskExtras,
  onePerTask,
} from './task-prompts';
import { promptSplit } from './record-parts';

export const TRL_GRPO: ExportTargetModule = {
  name: 'trl-grpo',
  file: 'train.jsonl',
  weightField: 'task_prompts',
  plan: onePerTask,
  enrich: (loaded, context) => loadTaskExtras(context.workspace, loaded, null),
  build: (trajectories, context) => {
    const found = promptSplit(trajectories);
    if ('skip' in found) return found;
    const { trajectory, prompt } = found;
    return {
      record: {
        prompt,
        ground_truth: groundTruthOf(extrasOf(trajectory).metadata, context.selection.ground_truth),
        task_id: trajectory.task_id,
        dataset_id: trajectory.dataset_id,
        tools: trajectory.tool_schemas,
      },
    };
  },
  trainerArgs: { dataset: 'train.jsonl' },
  notes: (_credit, selection) => ({
    reward_kwargs:
      'ground_truth, task_id, dataset_id and tools reach every reward function as keyword arguments (lists, one entry per completion)',
    rows: 'one per task (the first selected trajectory by id); the other rollouts of a task are counted under skipped, since GRPO samples the group itself',
    ground_truth: groundTruthRule(selection.ground_truth),
    tools:
      'the tool schemas of the trajectory, for reward functions; GRPOTrainer runs tools given to it as Python functions (its `tools` argument), not from the dataset',
  }),
};
