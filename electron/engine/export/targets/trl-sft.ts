// trl-sft: TRL's conversational language-modeling format with tools, one JSON line per trajectory:
// {"messages": [...], "tools": [...]}; tool-call arguments are objects, tool results role "tool".
import type { ExportTargetModule } from './export-target';
import { onePerTrajectory } from './export-target';

export const TRL_SFT: ExportTargetModule = {
  name: 'trl-sft',
  file: 'train.jsonl',
  plan: onePerTrajectory,
  build: ([trajectory]) => {
    if (trajectory === undefined) return { skip: 'trajectory not found' };
    if (!trajectory.messages.some((m) => m.role === 'assistant')) {
      return { skip: 'no assistant turn' };
    }
    return { record: { messages: trajectory.messages, tools: trajectory.tool_schemas } };
  },
};
