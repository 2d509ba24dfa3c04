// One OpenHands record -> a canonical trajectory: an EvalOutput line (instance_id, history,
// metrics, test_result, metadata{llm_config}), a resolver output line (issue, history, success),
// or a bare V0 event list (a trajectory export).
import { crashedBeforeTurns } from '../crashed-record';
import { RecordError, type CanonicalTrajectory, type FormatOptions } from '../../chat/canonical';
import { isRecord } from '../../chat/openai-messages';
import { eventsToTurns } from './openhands-events';
import { reportOutcome, resolvedFlag, valueAtPath, type ResultsReport } from './swe-bench-report';

const MAX_INSTANCE_FIELD_JSON = 200;

function idText(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** A field named by an option must exist (a typo must not read as "unknown"); null may. */
function fieldValue(record: unknown, field: string): unknown {
  const value = valueAtPath(record, field);
  if (value === undefined) throw new RecordError(`${field}: not found in the record`);
  return value;
}

function fieldId(record: unknown, field: string): string | null {
  const value = fieldValue(record, field);
  if (value === null) return null;
  const id = idText(value);
  if (id === null) throw new RecordError(`${field}: expected a string or a number`);
  return id;
}

function fieldReward(record: unknown, field: string): number | null {
  const value = fieldValue(record, field);
  if (value === null) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  const flag = resolvedFlag(value);
  if (flag === null) throw new RecordError(`${field}: expected a number or a boolean`);
  return flag ? 1 : 0;
}

function fieldSuccess(record: unknown, field: string): boolean | null {
  const value = fieldValue(record, field);
  if (value === null) return null;
  const flag = resolvedFlag(value);
  if (flag === null) throw new RecordError(`${field}: expected true, false, 0 or 1`);
  return flag;
}

/**
 * Where EvalOutput records state their verdict: SWE-bench's report, and the 2024 benchmarks'
 * test_result (logic_reasoning, gpqa, agent_bench: `result`; EDA: `success`; BIRD:
 * `result.passed`; MINT: test_result itself is the boolean).
 */
const VERDICT_PATHS = [
  'test_result.report.resolved',
  'test_result.resolved',
  'report.resolved',
  'test_result.result',
  'test_result.success',
  'test_result.result.passed',
];

/** Resolution written into the record itself (an eval verdict, resolver success). */
function recordResolution(record: Record<string, unknown>): boolean | null {
  if (typeof record.test_result === 'boolean') return record.test_result;
  for (const key of VERDICT_PATHS) {
    // Only a boolean (or 0/1, "resolved"...) is a verdict: HumanEvalFix's result is {pass@1}.
    const flag = resolvedFlag(valueAtPath(record, key));
    if (flag !== null) return flag;
  }
  if (typeof record.resolved === 'boolean') return record.resolved;
  return isRecord(record.issue) && typeof record.success === 'boolean' ? record.success : null;
}

function compactMetrics(metrics: unknown): unknown {
  if (!isRecord(metrics)) return metrics ?? null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(metrics)) {
    // Per-call lists (costs, latencies, token usages) are long; their count is enough here.
    if (Array.isArray(value)) out[`${key}_count`] = value.length;
    else out[key] = value;
  }
  return out;
}

function smallFields(value: unknown): Record<string, unknown> | null {
  if (!isRecord(value)) return null;
  return Object.fromEntries(
    Object.entries(value).filter(
      ([, inner]) => (JSON.stringify(inner) ?? '').length <= MAX_INSTANCE_FIELD_JSON,
    ),
  );
}

/**
 * The record's own id: `instance_id` (EvalOutput), else the key 2024 benchmarks wrote instead
 * (`id`: logic_reasoning, MINT; `task_id`: BIRD, HumanEvalFix).
 */
export const RECORD_ID_KEYS = ['instance_id', 'id', 'task_id'] as const;

function ownIdOf(record: Record<string, unknown>): { key: string; id: string } | null {
  for (const key of RECORD_ID_KEYS) {
    const id = idText(record[key]);
    if (id !== null) return { key, id };
  }
  return null;
}

function instanceIdOf(record: Record<string, unknown>, fallbackId: string): string {
  const direct = ownIdOf(record)?.id ?? null;
  if (direct !== null) return direct;
  const issue = record.issue;
  if (isRecord(issue)) {
    const { owner, repo, number } = issue;
    if (typeof owner === 'string' && typeof repo === 'string' && idText(number) !== null) {
      return `${owner}/${repo}#${idText(number)}`;
    }
  }
  return fallbackId;
}

function recordMetadata(record: Record<string, unknown>, instanceId: string) {
  const metadata: Record<string, unknown> = { instance_id: instanceId };
  if (isRecord(record.issue)) {
    metadata.kind = 'resolver';
    const { body: _body, ...issue } = record.issue;
    metadata.issue = issue;
    for (const key of ['issue_type', 'base_commit', 'git_patch', 'success', 'comment_success']) {
      if (record[key] !== undefined) metadata[key] = record[key];
    }
    if (record.result_explanation !== undefined) {
      metadata.result_explanation = record.result_explanation;
    }
  } else {
    metadata.kind = 'eval_output';
    const own = ownIdOf(record);
    if (own !== null && own.key !== 'instance_id') metadata.id_field = own.key;
    if (record.test_result !== undefined) metadata.test_result = record.test_result;
    if (record.metadata !== undefined) metadata.eval_metadata = record.metadata;
    const instance = smallFields(record.instance);
    if (instance !== null) metadata.instance = instance;
  }
  metadata.metrics = compactMetrics(record.metrics);
  metadata.error = record.error ?? null;
  return metadata;
}

function modelOf(record: Record<string, unknown>): string | null {
  for (const key of ['metadata.llm_config.model', 'metadata.model_name', 'llm_config.model']) {
    const value = valueAtPath(record, key);
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

/** Converts an EvalOutput or resolver record. */
export function openHandsRecord(
  record: unknown,
  fallbackId: string,
  options: FormatOptions,
  report: ResultsReport | null,
): CanonicalTrajectory {
  if (!isRecord(record)) throw new RecordError('expected a JSON object per record');
  if (!Array.isArray(record.history)) throw new RecordError('history: expected a list of events');
  // An instance whose run failed before any event (its `error` says why) is kept with 0 turns.
  const crashed = crashedBeforeTurns(record.history, record.error);
  if (record.history.length === 0 && !crashed) {
    throw new RecordError('history: the event list is empty');
  }
  const built = eventsToTurns(record.history, 'history');
  if (built.turns.length === 0 && !crashed) {
    throw new RecordError('history: no event carries content');
  }

  const instanceId = instanceIdOf(record, fallbackId);
  const taskId = options.task_field ? fieldId(record, options.task_field) : instanceId;
  const groupId = options.group_field ? fieldId(record, options.group_field) : taskId;
  const joined = reportOutcome(report, instanceId);
  const own = recordResolution(record);
  // A run that failed before any event is a failure, unless a report or verdict says otherwise.
  const resolved = joined?.success ?? own ?? (crashed ? false : null);
  const metadata = recordMetadata(record, instanceId);
  metadata.skipped_events = built.skippedEvents;
  if (report !== null) metadata.report = { path: report.path, judged: joined !== null };
  return {
    source_id: instanceId,
    task_id: taskId,
    group_id: groupId,
    // An instance id (or owner/repo#issue) names the same task in any file.
    group_scope:
      options.group_field || (ownIdOf(record) === null && !isRecord(record.issue))
        ? 'file'
        : 'global',
    sample_index: null,
    model: modelOf(record) ?? built.model,
    reward: options.reward_field
      ? fieldReward(record, options.reward_field)
      : resolved === null
        ? null
        : resolved
          ? 1
          : 0,
    success: options.success_field ? fieldSuccess(record, options.success_field) : resolved,
    metadata,
    tools: built.tools,
    turns: built.turns,
  };
}

/** Converts a bare event list (one trajectory; no task, no outcome). */
export function openHandsEventList(events: unknown[], sourceId: string): CanonicalTrajectory {
  if (events.length === 0) throw new RecordError('events: the event list is empty');
  const built = eventsToTurns(events, 'events');
  if (built.turns.length === 0) throw new RecordError('events: no event carries content');
  return {
    source_id: sourceId,
    task_id: null,
    group_id: null,
    sample_index: null,
    model: built.model,
    reward: null,
    success: null,
    metadata: { kind: 'event_list', skipped_events: built.skippedEvents },
    tools: built.tools,
    turns: built.turns,
  };
}

/** Whether a parsed value looks like an EvalOutput / resolver record rather than an event. */
export function isHistoryRecord(value: unknown): boolean {
  return isRecord(value) && Array.isArray(value.history);
}
