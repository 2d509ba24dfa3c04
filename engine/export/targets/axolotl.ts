// axolotl: chat_template JSONL, one trajectory per line: {"messages": [...OpenAI messages, each
// with a boolean `train`], "tools": [...]}, read with the dataset config written beside it
// (axolotl docs, dataset-formats/conversation.qmd; prompt_strategies/chat_template.py). A
// message's `train` overrides roles_to_train for it: assistant turns train when their credit is at
// least weighting.train_threshold (binary, trainFlagOf), inputs never. Tool-call arguments and tool
// parameters are JSON strings, which axolotl parses back: loading JSON lines into Arrow would
// otherwise merge differently shaped objects into one struct and null-fill the missing keys.
import { toolsWithParameterText, withArgumentText, type ChatMessage } from '../chat-messages';
import type { Weighting } from '../../../shared/api-export';
import { trainFlagOf } from '../weight-transform';
import type { ExportTargetModule } from './export-target';
import { onePerTrajectory } from './export-target';
import { trainable } from './record-parts';

export const CONFIG_FILE = 'axolotl.yaml';

/** The messages with their train flags; credit[i] is the credit of message i (null: none). */
export function axolotlMessages(
  messages: ChatMessage[],
  credit: (number | null)[],
  weighting: Weighting,
): Record<string, unknown>[] {
  return withArgumentText(messages).map((message, i) => ({
    ...message,
    train: message.role === 'assistant' && trainFlagOf(credit[i] ?? null, weighting),
  }));
}

const CONFIG = `# Written by Turnwise: the dataset entry that reads train.jsonl; merge it into your axolotl
# config (path is relative to where axolotl runs). Each message's \`train\` flag decides whether its
# tokens are trained on, overriding roles_to_train for that message.
datasets:
  - path: train.jsonl
    ds_type: json
    type: chat_template
    field_messages: messages
    message_field_training: train
    roles_to_train: ["assistant"]
    train_on_eos: turn
`;

export const AXOLOTL: ExportTargetModule = {
  name: 'axolotl',
  file: 'train.jsonl',
  plan: onePerTrajectory,
  needsCredit: true,
  build: (trajectories, context) => {
    const found = trainable(trajectories);
    if ('skip' in found) return found;
    const { trajectory } = found;
    const credit = trajectory.message_credit ?? [];
    return {
      record: {
        messages: axolotlMessages(trajectory.messages, credit, context.selection.weighting),
        tools: toolsWithParameterText(trajectory.tool_schemas),
      },
    };
  },
  trainerArgs: {
    config: CONFIG_FILE,
    type: 'chat_template',
    field_messages: 'messages',
    message_field_training: 'train',
    roles_to_train: ['assistant'],
  },
  notes: (creditParams, selection) => ({
    train:
      creditParams === null && selection.weighting.source !== 'branch_advantage'
        ? 'no credit is stored for the selected trajectories and segmentation: every assistant message has train true, inputs false'
        : `assistant messages: train = (their turn's ${selection.weighting.source} credit >= ${selection.weighting.train_threshold}), true without credit; system, user and tool messages: false`,
    train_rule: `binary: train = x >= ${selection.weighting.train_threshold} (the weight transform is not used; axolotl has no real-valued per-message weight)`,
    trajectory_weights:
      'axolotl has no per-sample weight field: DRIFT weights are applied by duplicate_by_weight or only recorded (see weighting)',
  }),
  extraFiles: () => [{ path: CONFIG_FILE, content: CONFIG }],
};
