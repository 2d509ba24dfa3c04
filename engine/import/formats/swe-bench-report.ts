// SWE-bench style results reports, joined by instance id to give trajectories an outcome
// (FormatOptions.report). Shared by the swe-agent, mini-swe-agent and openhands readers.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { ReadContext } from '../../chat/canonical';
import { parseJson, readTextFile } from '../json-document';
import { isRecord } from '../../chat/openai-messages';

export interface ReportOutcome {
  reward: number | null;
  success: boolean | null;
}

export interface ResultsReport {
  /** Absolute path of the report, recorded in trajectory metadata. */
  path: string;
  /** instance id -> resolved (true/false); ids the report marks unknown are absent. */
  resolved: Map<string, boolean>;
}

/** The value at a dot path (`a.b.0.c`) in a parsed record, or undefined. */
export function valueAtPath(record: unknown, dotPath: string): unknown {
  let current: unknown = record;
  for (const key of dotPath.split('.')) {
    if (Array.isArray(current) && /^\d+$/.test(key)) current = current[Number(key)];
    else if (isRecord(current)) current = current[key];
    else return undefined;
  }
  return current;
}

const RESOLVED_WORDS = new Set(['resolved', 'resolved_full', 'true', 'yes', 'pass', 'passed']);
const UNRESOLVED_WORDS = new Set([
  'unresolved',
  'resolved_no',
  'resolved_partial',
  'false',
  'no',
  'fail',
  'failed',
]);

/** A resolution flag in any of the spellings reports use, or null when it is not one. */
export function resolvedFlag(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (RESOLVED_WORDS.has(word)) return true;
    if (UNRESOLVED_WORDS.has(word)) return false;
  }
  return null;
}

/** The resolution a per-instance entry carries ({resolved}, {status}, {report: {resolved}}, ...). */
export function entryResolution(entry: unknown): boolean | null {
  const direct = resolvedFlag(entry);
  if (direct !== null || !isRecord(entry)) return direct;
  for (const key of [
    'resolved',
    'success',
    'status',
    'report.resolved',
    'test_result.report.resolved',
  ]) {
    const flag = resolvedFlag(valueAtPath(entry, key));
    if (flag !== null) return flag;
  }
  return null;
}

// SWE-bench harness summary lists, and what membership means. error_ids / incomplete_ids are
// harness failures, not verdicts on the patch, so they stay unknown.
const SUMMARY_LISTS: [string, boolean][] = [
  ['completed_ids', false],
  ['unresolved_ids', false],
  ['empty_patch_ids', false],
  ['resolved_ids', true],
  ['resolved', true],
];

function idOf(record: Record<string, unknown>): string | null {
  const id = record.instance_id ?? record.id;
  return typeof id === 'string' && id !== '' ? id : null;
}

function addRecords(records: unknown[], into: Map<string, boolean>): void {
  for (const record of records) {
    if (!isRecord(record)) continue;
    const id = idOf(record);
    const flag = entryResolution(record);
    if (id !== null && flag !== null) into.set(id, flag);
  }
}

/** Reads every supported report shape into instance id -> resolved. */
export function parseReport(value: unknown): Map<string, boolean> {
  const resolved = new Map<string, boolean>();
  if (Array.isArray(value)) {
    addRecords(value, resolved);
    return resolved;
  }
  if (!isRecord(value)) return resolved;
  const isSummary = SUMMARY_LISTS.some(([key]) => Array.isArray(value[key]));
  if (isSummary) {
    // Later lists win: resolved_ids overrides completed_ids.
    for (const [key, flag] of SUMMARY_LISTS) {
      const ids = value[key];
      if (!Array.isArray(ids)) continue;
      for (const id of ids) if (typeof id === 'string') resolved.set(id, flag);
    }
    return resolved;
  }
  for (const [id, entry] of Object.entries(value)) {
    const flag = entryResolution(entry);
    if (flag !== null) resolved.set(id, flag);
  }
  return resolved;
}

/** Parses JSON, or JSONL when the text is several JSON values one per line. */
function parseReportText(text: string, file: string): unknown {
  const whole = parseJson(text);
  if (whole.ok) return whole.value;
  const records: unknown[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const parsed = parseJson(line, index + 1);
    if (!parsed.ok) throw new Error(`${file}:${parsed.line}: report is not JSON: ${parsed.reason}`);
    records.push(parsed.value);
  }
  return records;
}

const cache = new Map<string, { key: string; report: ResultsReport }>();

/**
 * Loads a results report (cached per file and modification time, since a folder import reads it
 * once per trajectory file). A missing or unreadable report, or one that carries no resolution at
 * all (e.g. a predictions file), is an error: the user asked for a join that cannot happen.
 */
export async function loadReport(file: string, context: ReadContext): Promise<ResultsReport> {
  const absolute = path.resolve(file);
  const info = await stat(absolute).catch(() => {
    throw new Error(`${file}: results report not found`);
  });
  const key = `${info.size}:${info.mtimeMs}`;
  const cached = cache.get(absolute);
  if (cached?.key === key) return cached.report;
  const scratch = { ...context, progress: { bytesRead: 0 } };
  const resolved = parseReport(parseReportText(await readTextFile(absolute, scratch), file));
  if (resolved.size === 0) {
    throw new Error(
      `${file}: the results report carries no resolution (expected resolved_ids, ` +
        `{instance_id: {resolved}} or records with instance_id and resolved)`,
    );
  }
  const report = { path: absolute, resolved };
  cache.set(absolute, { key, report });
  return report;
}

/** Loads FormatOptions.report when one is given. */
export async function optionalReport(context: ReadContext): Promise<ResultsReport | null> {
  const file = context.options.report;
  return file === undefined || file === '' ? null : loadReport(file, context);
}

/** The joined outcome of one instance, or null when the report does not judge it. */
export function reportOutcome(
  report: ResultsReport | null,
  instanceId: string | null,
): ReportOutcome | null {
  if (report === null || instanceId === null) return null;
  const flag = report.resolved.get(instanceId);
  return flag === undefined ? null : { reward: flag ? 1 : 0, success: flag };
}
