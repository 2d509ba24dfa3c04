// The `swe-agent` format: SWE-agent `.traj` files (0.x and 1.x), one trajectory per file.
// Resolution is not in the file; it is joined from a SWE-bench report (FormatOptions.report).
import path from 'node:path';
import {
  RecordError,
  recordErrorReason,
  type CanonicalTrajectory,
  type FormatReader,
  type ReadContext,
  type ReadItem,
} from '../../chat/canonical';
import { withoutCompression } from '../decompress';
import { parseJson, readTextFile } from '../json-document';
import { isRecord } from '../../chat/openai-messages';
import { mergeSteps } from './swe-agent-steps';
import { markObservationErrors } from './swe-agent-errors';
import { historyTurns, trajectoryTurns } from './swe-agent-turns';
import { optionalReport, reportOutcome, type ResultsReport } from './swe-bench-report';
import { formatInfo } from '../format-infos';

// info keys holding whole file contents (edited_files30/50/70): large and not needed.
const BULKY_INFO = /^edited_files\d*$/;

function stemOf(file: string): string {
  return path.basename(withoutCompression(file)).replace(/(\.traj)?(\.json)?$/i, '');
}

function parsedConfig(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function versionOf(
  record: Record<string, unknown>,
  trajectory: unknown[],
  history: unknown[],
): string {
  if (record.replay_config !== undefined) return '1.x';
  if (trajectory.some((step) => isRecord(step) && isRecord(step.state))) return '1.x';
  if (history.some((m) => isRecord(m) && ('message_type' in m || 'tool_calls' in m))) return '1.x';
  return '0.x';
}

function modelOf(config: unknown): string | null {
  for (const key of ['agent.model.name', 'agent.model.model_name', 'model.model_name']) {
    let current: unknown = config;
    for (const part of key.split('.')) current = isRecord(current) ? current[part] : undefined;
    if (typeof current === 'string' && current !== '') return current;
  }
  return null;
}

function instanceIdOf(record: Record<string, unknown>, info: Record<string, unknown>) {
  for (const candidate of [info.instance_id, record.instance_id]) {
    if (typeof candidate === 'string' && candidate !== '') return candidate;
  }
  return null;
}

/** A retry-loop run keeps every attempt in `attempts` and the chosen one at the top level. */
function attemptsNotRead(record: Record<string, unknown>, info: Record<string, unknown>) {
  const attempts = record.attempts;
  if (!Array.isArray(attempts) || attempts.length < 2) return [];
  const chosen = typeof info.best_attempt_idx === 'number' ? info.best_attempt_idx : null;
  return [
    `attempts: ${attempts.length - 1} of ${attempts.length} retry-loop attempts were not ` +
      `imported (only the chosen one at the top level${chosen === null ? '' : `, attempts[${chosen}]`})`,
  ];
}

export interface SweAgentDocument {
  trajectory: CanonicalTrajectory;
  /** Content of the file left out of the trajectory, reported as `dropped` items. */
  dropped: string[];
}

function listField(record: Record<string, unknown>, key: string): unknown[] {
  const value = record[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new RecordError(`${key}: expected a list`);
  return value;
}

/** Converts one parsed `.traj` document. */
export function sweAgentRecord(
  record: unknown,
  stem: string,
  report: ResultsReport | null,
): SweAgentDocument {
  if (!isRecord(record)) throw new RecordError('expected a JSON object with history or trajectory');
  const history = listField(record, 'history');
  const trajectory = listField(record, 'trajectory');
  if (history.length === 0 && trajectory.length === 0) {
    throw new RecordError('history, trajectory: both are missing or empty');
  }
  if (record.info !== undefined && record.info !== null && !isRecord(record.info)) {
    throw new RecordError('info: expected an object');
  }
  const info = isRecord(record.info) ? record.info : {};
  const built = history.length > 0 ? historyTurns(history) : trajectoryTurns(trajectory);
  const merged =
    built.from === 'history'
      ? mergeSteps(built.turns, built.replies, trajectory)
      : { turns: built.turns, added: 0, dropped: [] };
  if (merged.turns.length === 0) throw new RecordError('history: only demonstration messages');
  markObservationErrors(merged.turns);

  const config = parsedConfig(record.replay_config);
  const metadata: Record<string, unknown> = {
    format_version: versionOf(record, trajectory, history),
    turns_from: built.from,
    demo_messages_skipped: built.demoSkipped,
  };
  if (merged.added > 0) metadata.steps_without_history = merged.added;
  if (typeof record.environment === 'string') metadata.environment = record.environment;
  for (const [key, value] of Object.entries(info)) {
    if (!BULKY_INFO.test(key)) metadata[key] = value;
  }
  if (config !== undefined) metadata.replay_config = config;

  const named = instanceIdOf(record, info);
  const instanceId = named ?? stem;
  const outcome = reportOutcome(report, instanceId);
  if (report !== null) metadata.report = { path: report.path, judged: outcome !== null };
  const trajectoryOut: CanonicalTrajectory = {
    source_id: stem,
    task_id: instanceId,
    group_id: instanceId,
    // An instance id the file states names the same task in any run; a file name may not.
    group_scope: named === null ? 'file' : 'global',
    sample_index: null,
    model: modelOf(config),
    reward: outcome?.reward ?? null,
    success: outcome?.success ?? null,
    metadata,
    tools: null,
    turns: merged.turns,
  };
  return {
    trajectory: trajectoryOut,
    dropped: [...merged.dropped, ...attemptsNotRead(record, info)],
  };
}

async function* readSweAgent(file: string, context: ReadContext): AsyncIterable<ReadItem> {
  const report = await optionalReport(context);
  const text = await readTextFile(file, context);
  if (context.signal.aborted) return;
  const parsed = parseJson(text);
  if (!parsed.ok) {
    yield { kind: 'error', line: parsed.line, reason: parsed.reason };
    return;
  }
  let converted: SweAgentDocument;
  try {
    converted = sweAgentRecord(parsed.value, stemOf(file), report);
  } catch (error) {
    const reason = recordErrorReason(error);
    if (reason === null) throw error;
    yield { kind: 'error', line: 1, reason };
    return;
  }
  yield { kind: 'trajectory', line: 1, trajectory: converted.trajectory };
  for (const reason of converted.dropped) yield { kind: 'dropped', line: 1, reason };
}

const TRAJ_KEYS = /"(trajectory|history)"\s*:\s*\[/;

export const sweAgentFormat: FormatReader = {
  ...formatInfo('swe-agent'),
  detect({ path: file, head }) {
    try {
      const name = withoutCompression(file);
      if (!/^\s*\{/.test(head) || !TRAJ_KEYS.test(head)) return 0;
      // mini-swe-agent `.traj.json` files carry their own marker.
      if (/"trajectory_format"\s*:/.test(head)) return 0;
      if (/\.traj$/i.test(name)) return 0.95;
      const stepKeys = /"observation"\s*:/.test(head) && /"action"\s*:/.test(head);
      const infoKeys = /"exit_status"\s*:/.test(head) || /"model_stats"\s*:/.test(head);
      const demo =
        /"is_demo"\s*:/.test(head) || /"message_type"\s*:\s*"(action|observation)"/.test(head);
      const stepText = /"thought"\s*:/.test(head) && /"response"\s*:/.test(head);
      if (stepKeys && (infoKeys || demo || stepText)) return 0.85;
      return 0;
    } catch {
      return 0;
    }
  },
  read: readSweAgent,
};
