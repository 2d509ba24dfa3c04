// Field access and value coercion shared by the record-based readers: dot paths (FormatOptions
// overrides), outcomes, ids, JSON-string columns and compact metadata.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../text/canonical-json';
import { RecordError, type FormatOptions } from '../../chat/canonical';
import { describeJsonProblem, parseJsonText } from '../../text/json-syntax';
import { isRecord } from '../../chat/openai-messages';

/** The value at a dot path ("info.score", "metrics.0"); a literal key with dots wins. */
export function getPath(record: unknown, dotPath: string): unknown {
  if (isRecord(record) && dotPath in record) return record[dotPath];
  let value: unknown = record;
  for (const part of dotPath.split('.')) {
    if (Array.isArray(value) && /^\d+$/.test(part)) value = value[Number(part)];
    else if (isRecord(value)) value = value[part];
    else return undefined;
  }
  return value;
}

/** A user-given field path must exist in every record, so a typo is not read as "unknown". */
function optionField(record: unknown, dotPath: string, option: string): unknown {
  const value = getPath(record, dotPath);
  if (value === undefined) {
    throw new RecordError(`${dotPath}: not found in the record (given as ${option})`);
  }
  return value;
}

export function rewardValue(value: unknown, field: string): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    if (/^(nan|-?inf(inity)?)$/i.test(value.trim())) return null;
    const number = Number(value);
    if (value.trim() !== '' && Number.isFinite(number)) return number;
  }
  throw new RecordError(`${field}: expected a number or a boolean, got ${preview(value)}`);
}

const TRUE_TEXT = /^(true|yes|resolved|success|succeeded|passed|pass|correct)$/i;
const FALSE_TEXT = /^(false|no|unresolved|failure|failed|fail|incorrect)$/i;

/** Booleans; 1 = success, 0 and -1 = not (Open-SWE-Traces `resolved`); a few words. */
export function successValue(value: unknown, field: string): boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value;
  if (value === 1) return true;
  if (value === 0 || value === -1) return false;
  if (typeof value === 'string') {
    if (TRUE_TEXT.test(value.trim())) return true;
    if (FALSE_TEXT.test(value.trim())) return false;
  }
  throw new RecordError(`${field}: expected a boolean or 1/0/-1, got ${preview(value)}`);
}

export function idValue(value: unknown, field: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new RecordError(`${field}: expected a string or a number, got ${preview(value)}`);
}

/** The first of the named fields that is present and not null. */
export function firstField(
  record: Record<string, unknown>,
  names: readonly string[],
): { name: string; value: unknown } | null {
  for (const name of names) {
    const value = record[name];
    if (value !== null && value !== undefined) return { name, value };
  }
  return null;
}

export interface Outcome {
  reward: number | null;
  success: boolean | null;
}

/**
 * reward: options.reward_field, else the first of rewardNames; success: options.success_field,
 * else the first of successNames. A boolean reward also gives success; a known success with no
 * reward gives reward 1/0.
 */
export function outcomeOf(
  record: Record<string, unknown>,
  options: FormatOptions,
  rewardNames: readonly string[],
  successNames: readonly string[],
): Outcome {
  const rewardRaw = options.reward_field
    ? {
        name: options.reward_field,
        value: optionField(record, options.reward_field, 'reward_field'),
      }
    : firstField(record, rewardNames);
  const successRaw = options.success_field
    ? {
        name: options.success_field,
        value: optionField(record, options.success_field, 'success_field'),
      }
    : firstField(record, successNames);
  let reward = rewardRaw ? rewardValue(rewardRaw.value, rewardRaw.name) : null;
  let success = successRaw ? successValue(successRaw.value, successRaw.name) : null;
  if (success === null && typeof rewardRaw?.value === 'boolean') success = rewardRaw.value;
  if (reward === null && success !== null) reward = success ? 1 : 0;
  return { reward, success };
}

/** task_field / group_field overrides, else the named fields in order. */
export function idFrom(
  record: Record<string, unknown>,
  override: string | undefined,
  option: string,
  names: readonly string[],
): string | null {
  if (override) return idValue(optionField(record, override, option), override);
  const found = firstField(record, names);
  return found ? idValue(found.value, found.name) : null;
}

/** A column that holds JSON text (messages or tools stored as a string) is parsed. */
export function parsedIfString(value: unknown, field: string): unknown {
  if (typeof value !== 'string') return value;
  const parsed = parseJsonText(value);
  if (parsed.ok) return parsed.value;
  throw new RecordError(`${field}: invalid JSON string (${describeJsonProblem(parsed.problem)})`);
}

/** A tool list, given as a list or as JSON text; null when absent. */
export function toolsValue(value: unknown, field: string): unknown[] | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = parsedIfString(value, field);
  if (!Array.isArray(parsed)) throw new RecordError(`${field}: expected a list of tool specs`);
  return parsed;
}

export function shortHash(value: unknown, length = 12): string {
  const text = typeof value === 'string' ? value : canonicalJson(value);
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

const MAX_METADATA_STRING = 20_000;

/** The rest of a record as metadata: named keys dropped, long strings cut (the import redacts). */
export function metadataOf(
  record: Record<string, unknown>,
  drop: readonly string[],
): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (drop.includes(key) || value === undefined) continue;
    out[key] =
      typeof value === 'string' && value.length > MAX_METADATA_STRING
        ? `${value.slice(0, MAX_METADATA_STRING)}… [${value.length - MAX_METADATA_STRING} more characters]`
        : value;
  }
  return Object.keys(out).length > 0 ? (out as Record<string, unknown>) : null;
}

/** Makes source ids unique within a file: a repeated id falls back to `<stem>-<line>`. */
export function uniqueIds(): (id: string | null, stem: string, line: number) => string {
  const seen = new Set<string>();
  return (id, stem, line) => {
    const chosen = id !== null && !seen.has(id) ? id : `${stem}-${line}`;
    seen.add(chosen);
    return chosen;
  };
}

function preview(value: unknown): string {
  const text =
    typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
