// verl-sft: the Parquet file verl's multi-turn SFT dataset reads (MultiTurnSFTDataset, with
// data.multiturn.messages_key=messages and tools_key=tools): one trajectory per row,
// `messages` (role, content, reasoning_content, name, tool_calls) and `tools`, which verl hands
// to the tokenizer's chat template as they are. Parquet gives every struct in a column one
// schema, so objects of different shapes would come back null-filled (a read_file call's {path}
// gaining the null fields of a run call's {command}): tool-call arguments and each tool's
// parameters are therefore JSON text (docs/export.md).
import { toolsWithParameterText, withArgumentText } from '../chat-messages';
import type { ExportTargetModule } from './export-target';
import { onePerTrajectory } from './export-target';
import { trainable } from './record-parts';

const TOOL_CALL = 'STRUCT("type" VARCHAR, "function" STRUCT(name VARCHAR, arguments VARCHAR))';
export const VERL_SFT_COLUMNS = {
  messages: `STRUCT(role VARCHAR, content VARCHAR, reasoning_content VARCHAR, name VARCHAR,
    tool_calls ${TOOL_CALL}[])[]`,
  tools:
    'STRUCT("type" VARCHAR, "function" STRUCT(name VARCHAR, description VARCHAR, parameters VARCHAR))[]',
};

export const VERL_SFT: ExportTargetModule = {
  name: 'verl-sft',
  file: 'train.parquet',
  format: { kind: 'parquet', columns: VERL_SFT_COLUMNS },
  plan: onePerTrajectory,
  build: (trajectories) => {
    const found = trainable(trajectories);
    if ('skip' in found) return found;
    const { trajectory } = found;
    // The message fields chat templates read: reasoning_content (Qwen3-style templates), a tool
    // result's name, tool calls. Absent ones are null in the fixed Parquet struct.
    const messages = withArgumentText(trajectory.messages).map((m) => ({
      role: m.role,
      content: m.content,
      reasoning_content: m.role === 'assistant' ? (m.reasoning_content ?? null) : null,
      name: m.role === 'tool' ? (m.name ?? null) : null,
      tool_calls: m.role === 'assistant' ? (m.tool_calls ?? null) : null,
    }));
    return { record: { messages, tools: toolsWithParameterText(trajectory.tool_schemas) } };
  },
  trainerArgs: {
    'data.train_files': 'train.parquet',
    'data.multiturn.enable': true,
    'data.multiturn.messages_key': 'messages',
    'data.multiturn.tools_key': 'tools',
  },
  notes: () => ({
    trainer:
      'verl.trainer.fsdp_sft_trainer with the keys in trainer_args; verl.trainer.sft_trainer names them data.messages_key and data.tools_key',
    tool_call_arguments:
      'canonical JSON text: Parquet would null-fill tool-call argument objects of different shapes. Chat templates that test `arguments is string` (Qwen3) render them as is; others (tojson) need them decoded first',
    tool_parameters:
      'the parameters of each tool schema are canonical JSON text, for the same reason; decode it before apply_chat_template if your template needs an object',
    rows: 'one per selected trajectory with an assistant turn; tool results keep role "tool" and the called function\'s name',
    reasoning:
      'assistant reasoning in reasoning_content (null where none, or with reasoning: drop), as Qwen3-style chat templates read it',
  }),
};
