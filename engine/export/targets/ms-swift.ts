// ms-swift: its standard messages format for agent SFT, one trajectory per line: {"messages":
// [...], "tools": "<JSON string>"} with tool calls as `tool_call` messages whose content is the
// JSON string {"name", "arguments"} and tool results as `tool_response` (ms-swift docs,
// Customization/Custom-dataset.md, Agent format). Assistant turns with credit (from the export's
// weighting source) carry `loss` (the per-message switch of ms-swift >= 3.8) and `loss_scale` (a
// real-valued weight from the shared transform, weight-transform.ts, for a loss-scale plugin; not
// documented as read by stock ms-swift); turns without credit carry neither, so ms-swift's default
// applies to them.
import type { Weighting } from '../../../shared/api-export';
import { contentWithThinking, type ChatMessage } from '../chat-messages';
import { weightOf, weightRule } from '../weight-transform';
import type { ExportTargetModule } from './export-target';
import { onePerTrajectory } from './export-target';
import { trainable } from './record-parts';

type SwiftMessage = { role: string; content: string; loss?: boolean; loss_scale?: number };

export function swiftMessages(
  messages: ChatMessage[],
  credit: (number | null)[],
  weighting: Weighting,
): SwiftMessage[] {
  const out: SwiftMessage[] = [];
  messages.forEach((message, i) => {
    if (message.role !== 'assistant') {
      const role = message.role === 'tool' ? 'tool_response' : message.role;
      out.push({ role, content: message.content });
      return;
    }
    const x = credit[i] ?? null;
    const scale = x === null ? null : weightOf(x, weighting);
    const weight = scale === null ? {} : { loss: scale > 0, loss_scale: scale };
    const calls = message.tool_calls ?? [];
    const content = contentWithThinking(message);
    if (content !== '' || calls.length === 0) out.push({ role: 'assistant', content, ...weight });
    for (const call of calls) {
      const content = JSON.stringify({
        name: call.function.name,
        arguments: call.function.arguments,
      });
      out.push({ role: 'tool_call', content, ...weight });
    }
  });
  return out;
}

export const MS_SWIFT: ExportTargetModule = {
  name: 'ms-swift',
  file: 'train.jsonl',
  plan: onePerTrajectory,
  needsCredit: true,
  build: (trajectories, context) => {
    const found = trainable(trajectories);
    if ('skip' in found) return found;
    const { trajectory } = found;
    return {
      record: {
        messages: swiftMessages(
          trajectory.messages,
          trajectory.message_credit ?? [],
          context.selection.weighting,
        ),
        tools: JSON.stringify(trajectory.tool_schemas),
      },
    };
  },
  trainerArgs: { dataset: 'train.jsonl' },
  notes: (creditParams, selection) => ({
    loss_scale:
      creditParams === null && selection.weighting.source !== 'branch_advantage'
        ? 'left out: no credit is stored for the selected trajectories and segmentation, so no message has loss or loss_scale'
        : `written on assistant and tool_call messages whose turn has ${selection.weighting.source} credit; messages without credit have neither field`,
    loss_scale_rule: `loss_scale: ${weightRule(selection.weighting)}; loss = loss_scale > 0`,
    loss_scale_support:
      'loss is the per-message switch documented for ms-swift >= 3.8; loss_scale is carried for a custom loss-scale plugin and is not documented as read by stock ms-swift',
    trajectory_weights:
      'ms-swift has no per-record weight field: DRIFT weights are applied by duplicate_by_weight or only recorded (see weighting)',
  }),
};
