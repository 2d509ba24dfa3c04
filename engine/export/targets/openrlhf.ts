// openrlhf: the JSONL OpenRLHF's SFT trainer reads in its multi-turn mode (`--data.input_key
// messages --data.apply_chat_template --data.multiturn`; openrlhf/datasets/sft_dataset.py): one
// conversation per trajectory under `messages`. In that mode OpenRLHF trains the assistant
// messages only: for each one it renders the messages before it with the generation prompt and
// the messages up to it, and trains the difference (the message and its end-of-turn token).
// OpenRLHF never passes tools to the chat template, so the tool schemas are appended to the
// leading system message as "# Tools" lines (the framing of the tokens export and scoring). The
// conversation ends with its last assistant message: nothing after it would be trained.
import { systemWithTools } from '../../scoring/chat-rendering';
import { schemasToEmbed, type ChatMessage } from '../chat-messages';
import type { ExportTargetModule } from './export-target';
import { onePerTrajectory } from './export-target';
import { trainable } from './record-parts';
import type { ToolSchema } from '../../chat/tool-schemas';

/** The conversation with the tool schemas in its system message, up to its last assistant turn. */
export function openRlhfMessages(messages: ChatMessage[], tools: ToolSchema[]): ChatMessage[] {
  const kept = messages.slice(0, messages.findLastIndex((m) => m.role === 'assistant') + 1);
  if (tools.length === 0) return kept;
  const [first, ...rest] = kept;
  if (first?.role === 'system') {
    return [{ role: 'system', content: systemWithTools(first.content, tools) }, ...rest];
  }
  return [{ role: 'system', content: systemWithTools(null, tools) }, ...kept];
}

export const OPENRLHF: ExportTargetModule = {
  name: 'openrlhf',
  file: 'train.jsonl',
  plan: onePerTrajectory,
  build: (trajectories, context) => {
    const found = trainable(trajectories);
    if ('skip' in found) return found;
    const { trajectory } = found;
    const tools = schemasToEmbed(trajectory, context.scan_secrets, context.redacted_at_export);
    return { record: { messages: openRlhfMessages(trajectory.messages, tools) } };
  },
  trainerArgs: {
    'data.dataset': 'train.jsonl',
    'data.input_key': 'messages',
    'data.apply_chat_template': true,
    'data.multiturn': true,
  },
  notes: () => ({
    trained:
      "OpenRLHF's multi-turn mode trains each assistant message (its text, reasoning and tool calls, and the template's end-of-turn token); system, user and tool messages are context",
    tools:
      'appended to the leading system message as "# Tools" lines, one JSON schema each (OpenRLHF applies the chat template without tools); a trajectory without a system message gets one',
    ends_with:
      'the last assistant message: turns after it would not be trained, so they are not written',
    flags:
      'OpenRLHF 0.10.4 and later name its flags --data.*; older releases spell them --input_key, --apply_chat_template, --multiturn',
  }),
};
