// trl-sft: TRL's conversational language-modeling format with tools, one JSON line per trajectory:
// {"messages": [...], "tools": [...]}; tool-call arguments are objects, tool results role "tool".
import type { ExportTargetModule } from './export-target';
import { onePerTrajectory } from './export-target';
import { trainable } from './record-parts';

export const TRL_SFT: ExportTargetModule = {
  name: 'trl-sft',
  file: 'train.jsonl',
  plan: onePerTrajectory,
  build: (trajectories) => {
    const found = trainable(trajectories);
    if ('skip' in found) return found;
    const { trajectory } = found;
    return { record: { messages: trajectory.messages, tools: trajectory.tool_schemas } };
  },
};
