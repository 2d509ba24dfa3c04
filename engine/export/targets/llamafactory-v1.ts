// llamafactory-v1: LLaMA-Factory v1's standard SFT sample, one trajectory per line (v1
// utils/types.py SFTSample and Message): {"messages": [{"role": system|user|assistant|tool,
// "content": [{"type": "text"|"tool_call", "value"}], "loss_weight"}], "tools": "<JSON string>"}.
// A tool call is its own content item whose value is the JSON {"name", "arguments"} (as v1's
// templates parse it). loss_weight is real-valued per message (v1 scales each token's loss by it
// and masks the message when it is 0): assistant turns get the shared credit transform
// (weight-transform.ts) of their turn's credit, inputs 0, as v1's own converters write them.
import type { Weighting } from '../../../shared/api-export';
import { contentWithThinking, type ChatMessage } from '../chat-messages';
import { weightOf, weightRule } from '../weight-transform';
import type { ExportTargetModule } from './export-target';
import { onePerTrajectory } from './export-target';
import { trainable } from './record-parts';

type V1Content = { type: 'text' | 'tool_call'; value: string };
type V1Message = {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: V1Content[];
  loss_weight: number;
};

function assistantContent(message: Extract<ChatMessage, { role: 'assistant' }>): V1Content[] {
  const calls = message.tool_calls ?? [];
  const content: V1Content[] = [];
  const text = contentWithThinking(message);
  if (text !== '' || calls.length === 0) content.push({ type: 'text', value: text });
  for (const call of calls) {
    const value = JSON.stringify({ name: call.function.name, arguments: call.function.arguments });
    content.push({ type: 'tool_call', value });
  }
  return content;
}

/** The messages with their loss weights; credit[i] is the credit of message i (null: none). */
export function v1Messages(
  messages: ChatMessage[],
  credit: (number | null)[],
  weighting: Weighting,
): V1Message[] {
  return messages.map((message, i) => {
    if (message.role === 'assistant') {
      const loss_weight = weightOf(credit[i] ?? null, weighting);
      return { role: 'assistant', content: assistantContent(message), loss_weight };
    }
    return {
      role: message.role,
      content: [{ type: 'text', value: message.content }],
      loss_weight: 0,
    };
  });
}

export const LLAMAFACTORY_V1: ExportTargetModule = {
  name: 'llamafactory-v1',
  file: 'train.jsonl',
  plan: onePerTrajectory,
  needsCredit: true,
  build: (trajectories, context) => {
    const found = trainable(trajectories);
    if ('skip' in found) return found;
    const { trajectory } = found;
    const messages = v1Messages(
      trajectory.messages,
      trajectory.message_credit ?? [],
      context.selection.weighting,
    );
    // v1 templates render a tools block whenever `tools` is set, so none is written without tools.
    const tools = trajectory.tool_schemas;
    return {
      record: tools.length === 0 ? { messages } : { messages, tools: JSON.stringify(tools) },
    };
  },
  // v1 loads a local .jsonl path given as `dataset` directly (no converter: already standard).
  trainerArgs: { dataset: 'train.jsonl' },
  notes: (creditParams, selection) => ({
    loss_weight:
      creditParams === null && selection.weighting.source !== 'branch_advantage'
        ? 'no credit is stored for the selected trajectories and segmentation: every assistant message has loss_weight 1, inputs 0'
        : `assistant messages: the transform of their turn's ${selection.weighting.source} credit (1 without credit); system, user and tool messages: 0`,
    loss_weight_rule: weightRule(selection.weighting),
    trajectory_weights:
      'LLaMA-Factory v1 has no per-sample weight field: DRIFT weights are applied by duplicate_by_weight or only recorded (see weighting)',
  }),
};
