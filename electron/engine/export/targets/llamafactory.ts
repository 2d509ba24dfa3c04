// llamafactory: LLaMA-Factory's ShareGPT format with tools, one trajectory per line:
// {"conversations": [{"from", "value"}], "system": "...", "tools": "<JSON string>"}, plus a
// dataset_info.json registering the file (formatting "sharegpt" with its column and tag names;
// LLaMA-Factory data/README.md). LLaMA-Factory drops a conversation unless its turns alternate
// human/observation then gpt/function_call and it ends on the model's side, so consecutive
// messages of one side are merged and trailing input turns are cut.
import type { ChatMessage } from '../chat-messages';
import type { ExportTargetModule } from './export-target';
import { onePerTrajectory } from './export-target';

export const DATASET_NAME = 'turnwise';

type ShareGptTurn = { from: 'human' | 'observation' | 'gpt' | 'function_call'; value: string };

function isModelSide(message: ChatMessage): boolean {
  return message.role === 'assistant';
}

/** One ShareGPT turn from consecutive messages of the same side. */
function mergedTurn(group: ChatMessage[]): ShareGptTurn {
  if (group.some(isModelSide)) {
    const calls = group.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []) : []));
    if (calls.length === 0) {
      return { from: 'gpt', value: group.map((m) => m.content).join('\n\n') };
    }
    // Text beside tool calls has no place in a function_call turn: only the calls are kept.
    const list = calls.map((c) => ({ name: c.function.name, arguments: c.function.arguments }));
    return { from: 'function_call', value: JSON.stringify(list.length === 1 ? list[0] : list) };
  }
  const from = group[0]?.role === 'tool' ? 'observation' : 'human';
  return { from, value: group.map((m) => m.content).join('\n\n') };
}

export function shareGptTurns(messages: ChatMessage[]): {
  system: string;
  conversations: ShareGptTurn[];
} {
  let start = 0;
  const systems: string[] = [];
  while (messages[start]?.role === 'system') {
    systems.push(messages[start]?.content ?? '');
    start += 1;
  }
  const conversations: ShareGptTurn[] = [];
  let group: ChatMessage[] = [];
  for (const message of messages.slice(start)) {
    const last = group[group.length - 1];
    if (last !== undefined && isModelSide(last) !== isModelSide(message)) {
      conversations.push(mergedTurn(group));
      group = [];
    }
    group.push(message);
  }
  if (group.length > 0) conversations.push(mergedTurn(group));
  const last = conversations[conversations.length - 1];
  if (last !== undefined && (last.from === 'human' || last.from === 'observation')) {
    conversations.pop();
  }
  return { system: systems.join('\n\n'), conversations };
}

export const LLAMAFACTORY: ExportTargetModule = {
  name: 'llamafactory',
  file: 'train.jsonl',
  plan: onePerTrajectory,
  build: ([trajectory]) => {
    if (trajectory === undefined) return { skip: 'trajectory not found' };
    const { system, conversations } = shareGptTurns(trajectory.messages);
    if (conversations[0]?.from !== 'human') return { skip: 'no user turn before the model' };
    if (conversations.length < 2) return { skip: 'no assistant turn' };
    // LLaMA-Factory's tool formatters take the flat {name, description, parameters} form.
    const tools = trajectory.tool_schemas.map((t) => t.function);
    return { record: { conversations, system, tools: JSON.stringify(tools) } };
  },
  trainerArgs: { dataset_dir: '.', dataset: DATASET_NAME },
  notes: () => ({
    conversations:
      'consecutive messages of one side are merged into one turn (contents joined by a blank line); an assistant turn with tool calls becomes one function_call turn holding the calls (its text is dropped); input turns after the last model turn are cut',
  }),
  extraFiles: () => [
    {
      path: 'dataset_info.json',
      content: `${JSON.stringify(
        {
          [DATASET_NAME]: {
            file_name: 'train.jsonl',
            formatting: 'sharegpt',
            columns: { messages: 'conversations', system: 'system', tools: 'tools' },
            tags: {
              role_tag: 'from',
              content_tag: 'value',
              user_tag: 'human',
              assistant_tag: 'gpt',
              observation_tag: 'observation',
              function_tag: 'function_call',
              system_tag: 'system',
            },
          },
        },
        null,
        2,
      )}\n`,
    },
  ],
};
