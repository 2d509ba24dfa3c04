// Record sources shared by the record-based readers (openai-chat, sharegpt, verifiers, trl-grpo):
// JSONL (one record per line), a JSON document (an array of records or one record) and Parquet
// rows, each record with the line (or row number) where it starts.
import path from 'node:path';
import {
  type CanonicalTrajectory,
  type ReadContext,
  type ReadItem,
  recordErrorReason,
} from '../../chat/canonical';
import { withoutCompression } from '../decompress';
import { parseJson, readTextFile, splitTopLevelArray } from '../json-document';
import { readLines } from '../line-reader';
import { isParquetPath, readParquetRows } from './parquet-rows';

export type RawRecord =
  | { kind: 'record'; line: number; value: unknown }
  | { kind: 'error'; line: number; reason: string };

/** The file name without folders, compression and data extensions (for fallback ids). */
export function fileStem(file: string): string {
  return path.basename(withoutCompression(file)).replace(/\.(jsonl|json|parquet)$/i, '');
}

/**
 * Python's json module writes NaN / Infinity (TRL logs NaN for rewards that do not apply); they
 * are not JSON. On a parse failure, such bare tokens outside strings are read as null.
 */
export function parseLenient(text: string, firstLine = 1): ReturnType<typeof parseJson> {
  const parsed = parseJson(text, firstLine);
  if (parsed.ok || !/NaN|Infinity/.test(text)) return parsed;
  const retried = parseJson(replaceNonFinite(text), firstLine);
  return retried.ok ? retried : parsed;
}

function replaceNonFinite(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    const token = /^(-?Infinity|NaN)/.exec(text.slice(i, i + 9));
    if (token) {
      out += 'null';
      i += token[0].length - 1;
      continue;
    }
    out += c;
  }
  return out;
}

/** Streams the records of a JSONL, JSON or Parquet file (chosen by extension). */
export async function* readRecords(file: string, context: ReadContext): AsyncGenerator<RawRecord> {
  const { progress, signal } = context;
  if (isParquetPath(file)) {
    for await (const { line, row } of readParquetRows(file, context)) {
      yield { kind: 'record', line, value: row };
    }
    return;
  }
  if (/\.json$/i.test(withoutCompression(file))) {
    yield* jsonDocumentRecords(await readTextFile(file, context), signal);
    return;
  }
  for await (const { number, text, refused } of readLines(file, progress, signal)) {
    if (refused !== undefined) {
      yield { kind: 'error', line: number, reason: refused };
      continue;
    }
    if (text.trim() === '') continue;
    const parsed = parseLenient(text, number);
    yield parsed.ok
      ? { kind: 'record', line: number, value: parsed.value }
      : { kind: 'error', line: number, reason: parsed.reason };
  }
}

function* jsonDocumentRecords(text: string, signal: AbortSignal): Generator<RawRecord> {
  const elements = splitTopLevelArray(text);
  if (elements === null) {
    // One record in the whole document (or JSONL saved with a .json name).
    const whole = parseLenient(text);
    if (whole.ok) {
      yield { kind: 'record', line: 1, value: whole.value };
      return;
    }
    if (/^\s*\{/.test(text) && text.trim().includes('\n{')) {
      yield* jsonLinesOf(text, signal);
      return;
    }
    yield { kind: 'error', line: whole.line, reason: whole.reason };
    return;
  }
  for (const element of elements) {
    if (signal.aborted) return;
    const parsed = parseLenient(element.text, element.line);
    yield parsed.ok
      ? { kind: 'record', line: element.line, value: parsed.value }
      : { kind: 'error', line: parsed.line, reason: parsed.reason };
  }
}

function* jsonLinesOf(text: string, signal: AbortSignal): Generator<RawRecord> {
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i += 1) {
    if (signal.aborted) return;
    const line = lines[i] ?? '';
    if (line.trim() === '') continue;
    const parsed = parseLenient(line, i + 1);
    yield parsed.ok
      ? { kind: 'record', line: i + 1, value: parsed.value }
      : { kind: 'error', line: i + 1, reason: parsed.reason };
  }
}

/**
 * Drives a record reader: every record is converted in file order; a RecordError becomes an
 * error item at the record's line and reading continues.
 */
export async function* convertRecords(
  file: string,
  context: ReadContext,
  convert: (value: unknown, line: number) => CanonicalTrajectory,
): AsyncGenerator<ReadItem> {
  for await (const record of readRecords(file, context)) {
    if (context.signal.aborted) return;
    if (record.kind === 'error') {
      yield record;
      continue;
    }
    try {
      yield {
        kind: 'trajectory',
        line: record.line,
        trajectory: convert(record.value, record.line),
      };
    } catch (error) {
      const reason = recordErrorReason(error);
      if (reason === null) throw error;
      yield { kind: 'error', line: record.line, reason: reason };
    }
  }
}

/**
 * The first record visible in a detection head, or null. JSONL: the first non-empty line; JSON:
 * the whole head, or (when the head is cut) the first complete element of a top-level array.
 */
export function firstRecordOfHead(file: string, head: string): unknown {
  const name = withoutCompression(file);
  try {
    if (/\.json$/i.test(name)) {
      const whole = parseLenient(head);
      if (whole.ok) return Array.isArray(whole.value) ? (whole.value[0] ?? null) : whole.value;
      const first = splitTopLevelArray(head)?.[0];
      if (first) {
        const parsed = parseLenient(first.text);
        if (parsed.ok) return parsed.value;
      }
      // Maybe JSONL saved as .json: fall through to the first line.
    }
    const firstLine = head.split('\n').find((line) => line.trim() !== '') ?? '';
    const parsed = parseLenient(firstLine);
    return parsed.ok ? parsed.value : null;
  } catch {
    return null;
  }
}
