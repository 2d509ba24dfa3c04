// NeMo Gym: which task a rollout belongs to, and the prompt an agent rollout was given outside
// its `input`. Agent harnesses (AnySWE) send an empty `input` and keep the instance in
// `responses_create_params.metadata` (instance_id, problem_statement), the agent's system prompt
// in `instance_config.agent_kwargs`: without them the transcript would start with the assistant.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../text/canonical-json';
import { plainTurn, type CanonicalTurn, type FormatOptions } from '../../chat/canonical';
import { isRecord } from '../../chat/openai-messages';
import { optionalId } from '../record-values';

/** Where a task id is looked for, in order; the first present wins. */
const TASK_PATHS = [
  'task_id',
  'instance_id',
  'responses_create_params.metadata.instance_id',
  '_ng_task_index',
];
const PROBLEM_PATH = 'responses_create_params.metadata.problem_statement';
const SYSTEM_PROMPT_PATH = 'instance_config.agent_kwargs.system_prompt';

export function atPath(record: Record<string, unknown>, dotted: string): unknown {
  let value: unknown = record;
  for (const key of dotted.split('.')) value = isRecord(value) ? value[key] : undefined;
  return value;
}

/** Rollouts of the same prompt form a group when the record names no task. */
function promptKey(params: Record<string, unknown>): string {
  const text = canonicalJson([params.instructions ?? null, params.input ?? null]);
  return `prompt-${createHash('sha256').update(text).digest('hex').slice(0, 12)}`;
}

export interface RolloutTask {
  task_id: string;
  group_id: string | null;
  /** 'global' when the group is a benchmark instance id (the same task in any file). */
  group_scope: 'global' | 'file';
}

export function rolloutTask(
  record: Record<string, unknown>,
  params: Record<string, unknown>,
  options: FormatOptions,
): RolloutTask {
  const field = options.task_field ?? TASK_PATHS.find((key) => atPath(record, key) != null);
  const taskId =
    (field !== undefined ? optionalId(atPath(record, field), field) : null) ?? promptKey(params);
  if (options.group_field !== undefined) {
    const groupId = optionalId(atPath(record, options.group_field), options.group_field);
    return { task_id: taskId, group_id: groupId, group_scope: 'file' };
  }
  // _ng_task_index and prompt hashes count per file; an instance id names a benchmark task.
  const global = options.task_field === undefined && field?.endsWith('instance_id') === true;
  return { task_id: taskId, group_id: taskId, group_scope: global ? 'global' : 'file' };
}

function nonEmptyText(record: Record<string, unknown>, dotted: string): string | null {
  const value = atPath(record, dotted);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * Adds the system prompt and the task statement the record carries outside `input`, when the
 * turns before the first assistant turn have none. The added turns name their field in
 * `turn.metadata.source`. Returns the fields used (they are not copied to metadata again).
 */
export function addRecordPrompts(
  record: Record<string, unknown>,
  turns: CanonicalTurn[],
): string[] {
  const firstReply = turns.findIndex((turn) => turn.role !== 'system' && turn.role !== 'user');
  const opening = firstReply === -1 ? turns : turns.slice(0, firstReply);
  const used: string[] = [];
  const problem = nonEmptyText(record, PROBLEM_PATH);
  if (problem !== null && !opening.some((turn) => turn.role === 'user')) {
    const user = plainTurn('user', problem);
    user.metadata = { source: PROBLEM_PATH };
    // After the opening system turns, before the first reply.
    turns.splice(opening.length, 0, user);
    used.push(PROBLEM_PATH);
  }
  const system = nonEmptyText(record, SYSTEM_PROMPT_PATH);
  if (system !== null && !opening.some((turn) => turn.role === 'system')) {
    const turn = plainTurn('system', system);
    turn.metadata = { source: SYSTEM_PROMPT_PATH };
    turns.unshift(turn);
    used.push(SYSTEM_PROMPT_PATH);
  }
  return used;
}
