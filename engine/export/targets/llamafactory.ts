// llamafactory: LLaMA-Factory's ShareGPT format with tools, one trajectory per line:
// {"conversations": [{"from", "value"}], "system": "...", "tools": "<JSON string>"}, plus a
// dataset_info.json registering the file (formatting "sharegpt" with its column and tag names;
// LLaMA-Factory data/README.md). LLaMA-Factory drops a conversation unless its turns alternate
// human/observation then gpt/function_call and it ends on the model's side, so consecutive
// messages of one side are merged and trailing input turns are cut.
// With `preference`, its ranking format instead: the conversation is the prompt (ending on an
// input turn), `chosen` and `rejected` one model turn each, registered with "ranking": true.
import {
  contentWithThinking,
  mergedToolSchemas,
  type ChatMessage,
  type LoadedTrajectory,
} from '../chat-messages';
import {
  firstDivergence,
  preferencePlan,
  stepChoice,
  stepChoiceAt,
  type StepChoice,
} from '../pairs';
import type { BuiltRecord, ExportTargetModule, RecordUnit } from './export-target';
import { onePerTrajectory } from './export-target';

export const DATASET_NAME = 'turnwise';

type ShareGptTurn = { from: 'human' | 'observation' | 'gpt' | 'function_call'; value: string };

function isModelSide(message: ChatMessage): boolean {
  return message.role === 'assistant';
}

/** One ShareGPT turn from consecutive messages of the same side. */
export function mergedTurn(group: ChatMessage[]): ShareGptTurn {
  if (group.some(isModelSide)) {
    const calls = group.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []) : []));
    if (calls.length === 0) {
      const texts = group.map((m) => (m.role === 'assistant' ? contentWithThinking(m) : m.content));
      return { from: 'gpt', value: texts.join('\n\n') };
    }
    // Text beside tool calls has no place in a function_call turn: only the calls are kept.
    const list = calls.map((c) => ({ name: c.function.name, arguments: c.function.arguments }));
    return { from: 'function_call', value: JSON.stringify(list.length === 1 ? list[0] : list) };
  }
  const from = group[0]?.role === 'tool' ? 'observation' : 'human';
  return { from, value: group.map((m) => m.content).join('\n\n') };
}

export function shareGptTurns(
  messages: ChatMessage[],
  keepTrailingInput = false,
): {
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
  const endsOnInput = last !== undefined && (last.from === 'human' || last.from === 'observation');
  if (endsOnInput && !keepTrailingInput) {
    conversations.pop();
  }
  return { system: systems.join('\n\n'), conversations };
}

/** LLaMA-Factory's tool formatters take the flat {name, description, parameters} form. */
function toolsText(trajectories: LoadedTrajectory[]): string {
  return JSON.stringify(mergedToolSchemas(trajectories).map((schema) => schema.function));
}

export const LEADING_MODEL_TURN_LEFT_OUT =
  'model turn before the first user turn (LLaMA-Factory conversations open with the user)';

/**
 * The conversation from its first input turn: LLaMA-Factory drops a conversation whose first turn
 * is the model's (tau2's agent greets first), so model turns before it are left out and counted.
 */
function fromFirstInput(conversations: ShareGptTurn[]): {
  conversations: ShareGptTurn[];
  left_out: string[];
} {
  const first = conversations.findIndex((t) => t.from === 'human' || t.from === 'observation');
  const cut = first < 0 ? 0 : first;
  return {
    conversations: conversations.slice(cut),
    left_out: conversations.slice(0, cut).map(() => LEADING_MODEL_TURN_LEFT_OUT),
  };
}

function conversationRecord(trajectory: LoadedTrajectory): BuiltRecord {
  const turns = shareGptTurns(trajectory.messages);
  const { conversations, left_out } = fromFirstInput(turns.conversations);
  if (conversations[0]?.from !== 'human') return { skip: 'no user turn before the model' };
  if (conversations.length < 2) return { skip: 'no assistant turn' };
  const record = { conversations, system: turns.system, tools: toolsText([trajectory]) };
  return left_out.length > 0 ? { record, left_out } : { record };
}

/**
 * A ranking record: the shared history, then one model turn each. A trajectory pair is cut at
 * the first turn where the two differ, since the format holds one chosen and one rejected turn.
 */
function rankingRecord(
  chosen: LoadedTrajectory,
  rejected: LoadedTrajectory,
  unit: RecordUnit | undefined,
): BuiltRecord {
  let step: StepChoice;
  if (unit?.step !== undefined) step = stepChoice(chosen, rejected, unit.step.turn_index);
  else {
    const at = firstDivergence(chosen.messages, rejected.messages);
    if (at === null) return { skip: 'pair skipped: one trajectory is a prefix of the other' };
    step = stepChoiceAt(chosen, rejected, at, at);
  }
  if ('skip' in step) return step;
  const turns = shareGptTurns(step.prompt, true);
  const { conversations, left_out } = fromFirstInput(turns.conversations);
  if (conversations[0]?.from !== 'human') return { skip: 'no user turn before the model' };
  const record = {
    conversations,
    chosen: mergedTurn([step.chosen]),
    rejected: mergedTurn([step.rejected]),
    system: turns.system,
    tools: toolsText([chosen, rejected]),
  };
  return left_out.length > 0 ? { record, left_out } : { record };
}

export const LLAMAFACTORY: ExportTargetModule = {
  name: 'llamafactory',
  file: 'train.jsonl',
  plan: (selected, context) =>
    context.selection.preference ? preferencePlan(selected, context) : onePerTrajectory(selected),
  build: (trajectories, context, unit) => {
    const [first, second] = trajectories;
    if (first === undefined) return { skip: 'trajectory not found' };
    if (!context.selection.preference) return conversationRecord(first);
    if (second === undefined) return { skip: 'trajectory not found' };
    return rankingRecord(first, second, unit);
  },
  trainerArgs: { dataset_dir: '.', dataset: DATASET_NAME },
  notes: () => ({
    preference:
      'with preference on, each record is a ranking pair: the conversation up to the turn where the two trajectories differ (a trajectory pair is cut at its first difference; a step pair at its branch point), and one chosen and one rejected model turn',
    conversations:
      'consecutive messages of one side are merged into one turn (contents joined by a blank line); an assistant turn with tool calls becomes one function_call turn holding the calls (its text is dropped); model turns before the first user turn are left out (counts.left_out) and input turns after the last model turn are cut',
  }),
  extraFiles: (context) => [
    {
      path: 'dataset_info.json',
      content: `${JSON.stringify(
        {
          [DATASET_NAME]: {
            file_name: 'train.jsonl',
            formatting: 'sharegpt',
            ...(context.selection.preference ? { ranking: true } : {}),
            columns: {
              messages: 'conversations',
              ...(context.selection.preference ? { chosen: 'chosen', rejected: 'rejected' } : {}),
              system: 'system',
              tools: 'tools',
            },
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
