// NeMo Gym rollouts JSONL: one rollout per line, OpenAI Responses shaped
// ({responses_create_params: {input, instructions, tools}, response: {output, model}, reward}).
import path from 'node:path';
import {
  RecordError,
  type CanonicalTrajectory,
  type CanonicalTurn,
  type FormatOptions,
  type FormatReader,
  type ReadContext,
  type ReadItem,
  plainTurn,
  recordErrorReason,
} from '../../chat/canonical';
import { withoutCompression } from '../decompress';
import { parseJson } from '../json-document';
import { readLines } from '../line-reader';
import { isRecord } from '../../chat/openai-messages';
import { optionalBoolean } from '../record-values';
import { itemsToTurns } from './nemo-gym-items';
import { addRecordPrompts, atPath, rolloutTask } from './nemo-gym-task';
import { formatInfo } from '../format-infos';

const OWN_KEYS = new Set(['responses_create_params', 'response', 'reward']);

function rewardOf(value: unknown, field: string): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new RecordError(`${field}: expected a number`);
}

function inputTurns(params: Record<string, unknown>): CanonicalTurn[] {
  const turns: CanonicalTurn[] = [];
  if (typeof params.instructions === 'string' && params.instructions !== '') {
    turns.push(plainTurn('system', params.instructions));
  }
  const input = params.input;
  if (typeof input === 'string') turns.push(plainTurn('user', input));
  else if (Array.isArray(input)) itemsToTurns(input, 'responses_create_params.input', turns);
  else if (input !== null && input !== undefined) {
    throw new RecordError('responses_create_params.input: expected a string or a list of items');
  }
  return turns;
}

export function nemoGymRecord(
  record: unknown,
  options: FormatOptions,
  fallbackId: string,
): CanonicalTrajectory {
  if (!isRecord(record)) throw new RecordError('expected a JSON object per line');
  const params = record.responses_create_params;
  if (!isRecord(params)) throw new RecordError('responses_create_params: expected an object');
  const response = record.response;
  if (!isRecord(response)) throw new RecordError('response: expected an object');
  if (!Array.isArray(response.output)) throw new RecordError('response.output: expected a list');
  // A field named by an option must exist, so a typo is not read as "unknown".
  for (const field of [
    options.task_field,
    options.group_field,
    options.reward_field,
    options.success_field,
  ]) {
    if (field !== undefined && atPath(record, field) == null) {
      throw new RecordError(`${field}: missing (named by an import option)`);
    }
  }
  const turns = inputTurns(params);
  itemsToTurns(response.output, 'response.output', turns);
  const prompted = addRecordPrompts(record, turns);
  if (turns.length === 0) throw new RecordError('response.output: the rollout has no turns');

  const task = rolloutTask(record, params, options);
  const rollout = record._ng_rollout_index;
  const sampleIndex = typeof rollout === 'number' && Number.isInteger(rollout) ? rollout : null;
  const rewardField = options.reward_field ?? 'reward';
  const successField = options.success_field ?? (record.resolved != null ? 'resolved' : 'success');

  const metadata: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (!OWN_KEYS.has(key)) metadata[key] = value;
  }
  for (const key of ['id', 'status', 'usage', 'error', 'incomplete_details', 'metadata']) {
    if (response[key] != null) metadata[`response_${key}`] = response[key];
  }
  // The request's metadata names the instance (dataset, split, instance_dict); a problem
  // statement already imported as the user turn is not kept twice.
  if (isRecord(params.metadata)) {
    const request = Object.fromEntries(
      Object.entries(params.metadata).filter(
        ([key]) => !prompted.includes(`responses_create_params.metadata.${key}`),
      ),
    );
    if (Object.keys(request).length > 0) metadata.request_metadata = request;
  }
  const tools = [params.tools, response.tools].find((t) => Array.isArray(t) && t.length > 0);
  return {
    source_id: sampleIndex !== null ? `${task.task_id}:rollout${sampleIndex}` : fallbackId,
    ...task,
    sample_index: sampleIndex,
    model: typeof response.model === 'string' ? response.model : null,
    reward: rewardOf(atPath(record, rewardField), rewardField),
    success: optionalBoolean(atPath(record, successField), successField),
    metadata,
    tools: Array.isArray(tools) ? tools : null,
    turns,
  };
}

async function* readNemoGym(file: string, context: ReadContext): AsyncIterable<ReadItem> {
  const stem = path.basename(withoutCompression(file)).replace(/\.(jsonl|json)$/i, '');
  const seen = new Set<string>();
  for await (const { number, text, refused } of readLines(file, context.progress, context.signal)) {
    if (refused !== undefined) {
      yield { kind: 'error', line: number, reason: refused };
      continue;
    }
    if (text.trim() === '') continue;
    const line = parseJson(text, number);
    if (!line.ok) {
      yield { kind: 'error', line: number, reason: line.reason };
      continue;
    }
    const parsed = line.value;
    try {
      const trajectory = nemoGymRecord(parsed, context.options, `${stem}-${number}`);
      if (seen.has(trajectory.source_id)) trajectory.source_id = `${stem}-${number}`;
      seen.add(trajectory.source_id);
      yield { kind: 'trajectory', line: number, trajectory };
    } catch (error) {
      const reason = recordErrorReason(error);
      if (reason === null) throw error;
      yield { kind: 'error', line: number, reason: reason };
    }
  }
}

export const nemoGymFormat: FormatReader = {
  ...formatInfo('nemo-gym'),
  detect({ path: file, head }) {
    if (!/\.jsonl$/i.test(withoutCompression(file)) || !/^\s*\{/.test(head)) return 0;
    const firstLine = head.split('\n', 1)[0] ?? '';
    try {
      const first: unknown = JSON.parse(firstLine);
      if (!isRecord(first) || !isRecord(first.responses_create_params)) return 0;
      return isRecord(first.response) && Array.isArray(first.response.output) ? 0.95 : 0.6;
    } catch {
      // A long first rollout is cut in the head: look for its opening keys.
      if (!/"responses_create_params"\s*:\s*\{/.test(firstLine)) return 0;
      return /"response"\s*:\s*\{/.test(firstLine) ? 0.9 : 0.85;
    }
  },
  read: readNemoGym,
};
