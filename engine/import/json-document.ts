// Whole-document JSON inputs (.json, .traj, ...): read with progress, parse with the error's
// line, and split a top-level array into its elements with the line each one starts on.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  recordErrorReason,
  type CanonicalTrajectory,
  type ReadContext,
  type ReadItem,
} from '../chat/canonical';
import { compressionOf, decompressed } from './decompress';
import { importLimits, overLimit, sizeText } from './input-limits';
import { parseJsonText } from '../text/json-syntax';

/**
 * Reads a (possibly compressed) text file whole, counting bytes into the progress. A document
 * over the document cap is refused before it is read (by its size on disk) or as soon as it
 * decompresses past the cap, so at most the cap is ever held.
 */
export async function readTextFile(file: string, context: ReadContext): Promise<string> {
  const cap = importLimits().documentBytes;
  const refusal = () =>
    overLimit(
      file,
      `the document is larger than ${sizeText(cap)}, the cap on one JSON document read whole`,
      'documentBytes',
    );
  if (compressionOf(file) === null && (await stat(file)).size > cap) throw refusal();
  const raw = createReadStream(file);
  raw.on('data', (chunk) => {
    context.progress.bytesRead += chunk.length;
  });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of decompressed(file, raw)) {
    if (context.signal.aborted) break;
    size += (chunk as Buffer).length;
    // Leaving the loop closes the streams.
    if (size > cap) throw refusal();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

export type Parsed = { ok: true; value: unknown } | { ok: false; line: number; reason: string };

/** The 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i += 1) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

/**
 * JSON.parse, with a failure reported at its line rather than as a character position, and
 * without quoting the text: a record's reason reaches the page for any file it names.
 */
export function parseJson(text: string, firstLine = 1): Parsed {
  const parsed = parseJsonText(text);
  if (parsed.ok) return parsed;
  const { line, column, reason } = parsed.problem;
  return {
    ok: false,
    line: firstLine - 1 + line,
    reason: `invalid JSON (${reason} at column ${column})`,
  };
}

export interface ArrayElement {
  /** 1-based line where the element starts. */
  line: number;
  text: string;
}

/**
 * The elements of a top-level JSON array as text, each with its starting line, so a list of
 * records (tau-bench, event lists) reports a bad record at the right line. Returns null when the
 * document is not an array. Strings and nesting are tracked; the elements are not validated here.
 */
export function splitTopLevelArray(text: string): ArrayElement[] | null {
  let i = 0;
  let line = 1;
  const skipSpace = () => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 10) line += 1;
      else if (c !== 32 && c !== 9 && c !== 13 && c !== 0xfeff) break;
      i += 1;
    }
  };
  skipSpace();
  if (text[i] !== '[') return null;
  i += 1;
  const elements: ArrayElement[] = [];
  for (;;) {
    skipSpace();
    if (i >= text.length) return elements;
    if (text[i] === ']') return elements;
    if (text[i] === ',') {
      i += 1;
      continue;
    }
    const start = i;
    const startLine = line;
    let depth = 0;
    let inString = false;
    for (; i < text.length; i += 1) {
      const c = text[i];
      if (c === '\n') line += 1;
      if (inString) {
        if (c === '\\') i += 1;
        else if (c === '"') inString = false;
        continue;
      }
      if (c === '"') inString = true;
      else if (c === '{' || c === '[') depth += 1;
      else if (c === '}' || c === ']') {
        if (depth === 0) break;
        depth -= 1;
      } else if (c === ',' && depth === 0) break;
    }
    elements.push({ line: startLine, text: text.slice(start, i) });
  }
}

/**
 * The reader of a one-trajectory JSON document (.traj, .traj.json): read, parse (a syntax error at
 * its line), convert; a bad document is one error item, never an exception.
 */
export async function* readSingleDocument(
  file: string,
  context: ReadContext,
  convert: (document: unknown) => CanonicalTrajectory,
): AsyncIterable<ReadItem> {
  const text = await readTextFile(file, context);
  if (context.signal.aborted) return;
  const parsed = parseJson(text);
  if (!parsed.ok) {
    yield { kind: 'error', line: parsed.line, reason: parsed.reason };
    return;
  }
  let trajectory: CanonicalTrajectory;
  try {
    trajectory = convert(parsed.value);
  } catch (error) {
    const reason = recordErrorReason(error);
    if (reason === null) throw error;
    yield { kind: 'error', line: 1, reason };
    return;
  }
  yield { kind: 'trajectory', line: 1, trajectory };
}
