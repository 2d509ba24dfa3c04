// trl-sft: TRL's conversational language-modeling format with tools, one JSON line per trajectory:
// {"messages": [...], "tools": [...]}; tool-call arguments are objects, tool results role "tool".
// `tools` is left out of a record without schemas: TRL passes the column to the chat template, and
// Llama-3.x templates render a tools block for an empty list.
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
    const { messages, tool_schemas: tools } = trajectory;
    return { record: tools.length > 0 ? { messages, tools } : { messages } };
  },
};
