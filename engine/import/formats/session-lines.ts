// Coding-agent session logs (Claude Code, Codex CLI) are one event per line, but a trajectory
// spans the whole file: the events are read first, then assembled. A line that is not a JSON
// object is left out and reported (a `dropped` note with its line), so one bad line never costs
// the session.
import type { ReadContext, ReadItem } from '../../chat/canonical';
import { parseJson } from '../json-document';
import { importLimits, overLimit, sizeText } from '../input-limits';
import { readLines } from '../line-reader';
import { isRecord } from '../../chat/openai-messages';

export interface SessionEvent {
  /** 1-based line of the file. */
  line: number;
  value: Record<string, unknown>;
}

export interface SessionLines {
  events: SessionEvent[];
  /** Lines left out, as notes for the import summary. */
  dropped: ReadItem[];
}

/** Every line of a session file that is a JSON object; the others as dropped notes. */
export async function readSessionLines(file: string, context: ReadContext): Promise<SessionLines> {
  const events: SessionEvent[] = [];
  const dropped: ReadItem[] = [];
  // The events are held until the file ends: bounded like a JSON document read whole.
  const cap = importLimits().documentBytes;
  let bytes = 0;
  for await (const { number, text, refused } of readLines(file, context.progress, context.signal)) {
    if (refused !== undefined) {
      dropped.push({ kind: 'dropped', line: number, reason: refused });
      continue;
    }
    bytes += text.length;
    if (bytes > cap) {
      throw overLimit(
        file,
        `the session is larger than ${sizeText(cap)}, the cap on one session read whole`,
        'documentBytes',
      );
    }
    if (text.trim() === '') continue;
    const parsed = parseJson(text, number);
    if (!parsed.ok) {
      dropped.push({ kind: 'dropped', line: number, reason: `line left out: ${parsed.reason}` });
    } else if (!isRecord(parsed.value)) {
      dropped.push({ kind: 'dropped', line: number, reason: 'line left out: not a JSON object' });
    } else {
      events.push({ line: number, value: parsed.value });
    }
  }
  return { events, dropped };
}

/** The complete lines at the start of a detection head that parse as JSON objects. */
export function headObjects(head: string, max = 20): Record<string, unknown>[] {
  const lines = head.split('\n');
  // The last piece may be cut by the head's end (unless the head ends the file with a newline).
  if (lines.length > 1) lines.pop();
  const objects: Record<string, unknown>[] = [];
  for (const line of lines.slice(0, max)) {
    if (line.trim() === '') continue;
    try {
      const value: unknown = JSON.parse(line);
      if (isRecord(value)) objects.push(value);
    } catch {
      // A line cut by the head, or not JSON: detection weighs what did parse.
    }
  }
  return objects;
}
