// One row of Harbor's traces export (docs/formats/harbor-traces.md) as a trajectory: the
// conversation of one episode, with the tool calls and reasoning Harbor wrote into the assistant
// text taken back out where the text has them.
import type { ToolCall } from '../../../shared/model';
import { canonicalArguments } from '../../text/canonical-json';
import {
  RecordError,
  plainTurn,
  type CanonicalTrajectory,
  type CanonicalTurn,
} from '../../chat/canonical';
import { isRecord } from '../../chat/openai-messages';
import { parseJsonText } from '../../text/json-syntax';
import { markTextActions } from './openai-chat-actions';
import { idValue, metadataOf, parsedIfString, toolsValue } from './openai-chat-fields';

type Row = Record<string, unknown>;

/** The roles the export writes (ATIF system steps become user messages, but accept system). */
const ROLES = new Set(['system', 'user', 'assistant']);
/** Columns that become trajectory fields rather than metadata. */
const OWN_COLUMNS = [
  'conversations',
  'conversations_sharegpt',
  'tool_definitions',
  'model',
  'task',
];

/** `<think>reasoning</think>` + message + `<tool_call>` blocks, joined by "\n" (ATIF agent steps). */
const LEADING_THINK = /^<think>([\s\S]*?)<\/think>\n?/;
const TOOL_CALL_BLOCK = /\n?<tool_call>\s*([\s\S]*?)\s*<\/tool_call>/g;

/** A `<tool_call>` block's `{name, arguments}`, or null when it is not that JSON. */
function blockCall(text: string): { name: string; arguments: unknown } | null {
  const parsed = parseJsonText(text);
  if (!parsed.ok || !isRecord(parsed.value)) return null;
  const { name, arguments: args } = parsed.value;
  return typeof name === 'string' && name !== '' ? { name, arguments: args ?? {} } : null;
}

/** An assistant message: leading think blocks to reasoning, parsed tool-call blocks to calls. */
export function assistantTurn(text: string, index: number): CanonicalTurn {
  const thoughts: string[] = [];
  let rest = text;
  for (let match = LEADING_THINK.exec(rest); match; match = LEADING_THINK.exec(rest)) {
    thoughts.push(match[1] ?? '');
    rest = rest.slice(match[0].length);
  }
  const calls: ToolCall[] = [];
  // A block that is not a call stays in the text, where the model wrote it.
  const content = rest.replace(TOOL_CALL_BLOCK, (block, json: string) => {
    const call = blockCall(json);
    if (call === null) return block;
    calls.push({
      id: `call_${index}_${calls.length}`,
      name: call.name,
      arguments: canonicalArguments(call.arguments),
    });
    return '';
  });
  return {
    ...plainTurn('assistant', content),
    reasoning: thoughts.length > 0 ? thoughts.join('\n\n') : null,
    tool_calls: calls,
    is_action: calls.length > 0,
  };
}

/** The conversation list: a list of {role, content}, or JSON text of one. */
export function conversationOf(row: Row): unknown[] {
  const list = parsedIfString(row.conversations, 'conversations');
  if (!Array.isArray(list)) throw new RecordError('conversations: expected a list of messages');
  if (list.length === 0) throw new RecordError('conversations: the list is empty');
  return list;
}

function turnsOf(list: unknown[]): CanonicalTurn[] {
  return list.map((message, index) => {
    const where = `conversations[${index}]`;
    if (!isRecord(message)) throw new RecordError(`${where}: expected {role, content}`);
    const { role, content } = message;
    if (typeof role !== 'string' || !ROLES.has(role)) {
      throw new RecordError(`${where}.role: expected user, assistant or system`);
    }
    if (typeof content !== 'string' && content !== null && content !== undefined) {
      throw new RecordError(`${where}.content: expected text`);
    }
    const text = content ?? '';
    if (role === 'assistant') return assistantTurn(text, index);
    return plainTurn(role === 'system' ? 'system' : 'user', text);
  });
}

/**
 * The trial a row belongs to: its run, trial and, for a subagent's row, its trace source (the
 * export tags the main agent's rows `main`, or leaves the column out without subagents).
 */
export function trialOf(row: Row): { runId: string; trial: string; source: string | null } {
  const runId = idValue(row.run_id, 'run_id');
  const trial = idValue(row.trial_name, 'trial_name');
  if (runId === null) throw new RecordError('run_id: missing');
  if (trial === null) throw new RecordError('trial_name: missing');
  const source = idValue(row.trace_source, 'trace_source');
  return { runId, trial, source: source === 'main' ? null : source };
}

/** Rows of one trial share this key. */
export function trialKey(row: Row): string {
  const { runId, trial, source } = trialOf(row);
  return JSON.stringify([runId, trial, source]);
}

/** `result` is a reward written as text ("1.0") or the name of the exception the trial raised. */
function outcomeOf(row: Row): { reward: number | null; error: string | null } {
  const result = row.result;
  if (result === null || result === undefined || result === '')
    return { reward: null, error: null };
  if (typeof result === 'number')
    return { reward: Number.isFinite(result) ? result : null, error: null };
  if (typeof result !== 'string')
    throw new RecordError('result: expected a reward or an exception name');
  const reward = Number(result);
  if (result.trim() !== '' && Number.isFinite(reward)) return { reward, error: null };
  return { reward: null, error: result };
}

/** A row as the trajectory of its trial; `episodeRows` is how many rows the trial had. */
export function harborRowTrajectory(value: unknown, episodeRows: number): CanonicalTrajectory {
  if (!isRecord(value)) throw new RecordError('expected a JSON object per row');
  const turns = markTextActions(turnsOf(conversationOf(value)));
  const { runId, trial, source } = trialOf(value);
  const task = idValue(value.task, 'task');
  const { reward, error } = outcomeOf(value);
  const metadata = metadataOf(value, OWN_COLUMNS) ?? {};
  metadata.episode_rows = episodeRows;
  if (error !== null) metadata.error = error;
  return {
    source_id: source === null ? `${runId}/${trial}` : `${runId}/${trial}/${source}`,
    task_id: task,
    group_id: task,
    sample_index: null,
    model: idValue(value.model, 'model'),
    reward,
    success: null,
    metadata,
    tools: toolsValue(value.tool_definitions, 'tool_definitions'),
    turns,
  };
}
