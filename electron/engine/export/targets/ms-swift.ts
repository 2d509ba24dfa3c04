// ms-swift: its standard messages format for agent SFT, one trajectory per line: {"messages":
// [...], "tools": "<JSON string>"} with tool calls as `tool_call` messages whose content is the
// JSON string {"name", "arguments"} and tool results as `tool_response` (ms-swift docs,
// Customization/Custom-dataset.md, Agent format). Assistant turns whose segment has credit carry
// `loss` (the per-message switch of ms-swift >= 3.8) and `loss_scale` (a real-valued weight for a
// loss-scale plugin; not documented as read by stock ms-swift); turns without credit carry
// neither, so ms-swift's default applies to them.
import type { ChatMessage } from '../chat-messages';
import type { ExportTargetModule } from './export-target';
import { onePerTrajectory } from './export-target';

export const LOSS_SCALE_RULE =
  'loss_scale = min(2, max(0, 1 + total)), where total is the credit total of the segment holding the assistant turn (rounded to 6 decimals); loss = loss_scale > 0';

/**
 * A turn's weight from its segment's credit total: neutral credit keeps weight 1, positive credit
 * up-weights (at most 2), negative credit down-weights, and total <= -1 drops the turn from the
 * loss. Clipped so one segment's credit can neither dominate nor invert the loss.
 */
export function lossScaleOf(total: number): number {
  return Math.round(Math.min(2, Math.max(0, 1 + total)) * 1e6) / 1e6;
}

type SwiftMessage = { role: string; content: string; loss?: boolean; loss_scale?: number };

function swiftMessages(messages: ChatMessage[], credit: (number | null)[]): SwiftMessage[] {
  const out: SwiftMessage[] = [];
  messages.forEach((message, i) => {
    if (message.role !== 'assistant') {
      const role = message.role === 'tool' ? 'tool_response' : message.role;
      out.push({ role, content: message.content });
      return;
    }
    const total = credit[i] ?? null;
    const scale = total === null ? null : lossScaleOf(total);
    const weight = scale === null ? {} : { loss: scale > 0, loss_scale: scale };
    const calls = message.tool_calls ?? [];
    if (message.content !== '' || calls.length === 0) {
      out.push({ role: 'assistant', content: message.content, ...weight });
    }
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
  build: ([trajectory]) => {
    if (trajectory === undefined) return { skip: 'trajectory not found' };
    if (!trajectory.messages.some((m) => m.role === 'assistant')) {
      return { skip: 'no assistant turn' };
    }
    return {
      record: {
        messages: swiftMessages(trajectory.messages, trajectory.message_credit ?? []),
        tools: JSON.stringify(trajectory.tool_schemas),
      },
    };
  },
  trainerArgs: { dataset: 'train.jsonl' },
  notes: (creditParams) => ({
    loss_scale:
      creditParams === null
        ? 'left out: no credit is stored for the selected trajectories and segmentation, so no message has loss or loss_scale'
        : 'written on assistant and tool_call messages whose segment has a credit total; messages without credit have neither field',
    loss_scale_rule: LOSS_SCALE_RULE,
    loss_scale_support:
      'loss is the per-message switch documented for ms-swift >= 3.8; loss_scale is carried for a custom loss-scale plugin and is not documented as read by stock ms-swift',
  }),
};
