// Gemini CLI chat sessions (docs/formats/gemini-cli.md): the whole-document session-*.json it
// wrote until April 2026 and the session-*.jsonl journal it writes since, one trajectory per file.
// The journal is replayed as the CLI's own loader does: a message line replaces an earlier line
// with its id, `$set` updates metadata (a `messages` list replaces them all), `$rewindTo` drops a
// message and everything after it.
import path from 'node:path';
import {
  RecordError,
  type CanonicalTrajectory,
  type CanonicalTurn,
  type FormatReader,
  type ReadContext,
  type ReadItem,
  recordErrorReason,
} from '../../chat/canonical';
import { withoutCompression } from '../decompress';
import { parseJson, readTextFile } from '../json-document';
import { readLines } from '../line-reader';
import { isRecord } from '../../chat/openai-messages';
import { formatInfo } from '../format-infos';
import { messageTurns } from './gemini-cli-messages';

type Obj = Record<string, unknown>;
const METADATA_KEYS: [string, string][] = [
  ['sessionId', 'session_id'],
  ['projectHash', 'project_hash'],
  ['startTime', 'start_time'],
  ['lastUpdated', 'last_updated'],
  ['kind', 'kind'],
  ['summary', 'summary'],
  ['directories', 'directories'],
];

interface Session {
  header: Obj;
  /** Messages by id in the order the CLI keeps them, each with the line it was last written at. */
  messages: Map<string, { message: Obj; line: number }>;
  dropped: ReadItem[];
}

function replaceMessages(session: Session, list: unknown[], line: number): void {
  session.messages.clear();
  list.forEach((message, i) => {
    if (isRecord(message) && typeof message.id === 'string') {
      session.messages.set(message.id, { message, line });
    } else {
      session.dropped.push({ kind: 'dropped', line, reason: `messages[${i}]: no message id` });
    }
  });
}

/** Applies one journal line to the session, as loadConversationRecord does. */
function applyRecord(session: Session, record: unknown, line: number): void {
  if (!isRecord(record)) throw new RecordError('expected a JSON object');
  if (typeof record.$rewindTo === 'string') {
    const ids = [...session.messages.keys()];
    const at = ids.indexOf(record.$rewindTo);
    for (const id of at === -1 ? ids : ids.slice(at)) session.messages.delete(id);
  } else if (typeof record.id === 'string') {
    // Map.set keeps an updated message where it was first written, as the CLI's Map does.
    session.messages.set(record.id, { message: record, line });
  } else if (isRecord(record.$set)) {
    const { messages, ...rest } = record.$set;
    if (Array.isArray(messages)) replaceMessages(session, messages, line);
    Object.assign(session.header, rest);
  } else if (typeof record.sessionId === 'string' && typeof record.projectHash === 'string') {
    const { messages, ...rest } = record;
    Object.assign(session.header, rest);
    if (Array.isArray(messages)) replaceMessages(session, messages, line);
  } else {
    throw new RecordError('neither a session header, a message, $set nor $rewindTo');
  }
}

async function readJournal(file: string, context: ReadContext): Promise<Session> {
  const session: Session = { header: {}, messages: new Map(), dropped: [] };
  for await (const { number, text, refused } of readLines(file, context.progress, context.signal)) {
    if (refused !== undefined) {
      session.dropped.push({ kind: 'dropped', line: number, reason: refused });
      continue;
    }
    if (text.trim() === '') continue;
    const parsed = parseJson(text, number);
    try {
      if (!parsed.ok) throw new RecordError(parsed.reason);
      applyRecord(session, parsed.value, number);
    } catch (error) {
      const reason = recordErrorReason(error);
      if (reason === null) throw error;
      session.dropped.push({ kind: 'dropped', line: number, reason });
    }
  }
  return session;
}

async function readDocument(file: string, context: ReadContext): Promise<Session | ReadItem> {
  const parsed = parseJson(await readTextFile(file, context));
  if (!parsed.ok) return { kind: 'error', line: parsed.line, reason: parsed.reason };
  const doc = parsed.value;
  if (!isRecord(doc) || !Array.isArray(doc.messages)) {
    return { kind: 'error', line: 1, reason: 'expected a session object with messages[]' };
  }
  const { messages: _messages, ...header } = doc;
  const session: Session = { header, messages: new Map(), dropped: [] };
  replaceMessages(session, doc.messages, 1);
  return session;
}

function toTrajectory(session: Session, file: string): CanonicalTrajectory {
  const { header } = session;
  if (typeof header.sessionId !== 'string' || header.sessionId === '') {
    throw new RecordError('no session header with a sessionId');
  }
  const turns: CanonicalTurn[] = [];
  const answered = new Set<string>();
  let index = 0;
  for (const { message, line } of session.messages.values()) {
    const where = `messages[${index++}]`;
    try {
      turns.push(...messageTurns(message, where, answered));
    } catch (error) {
      const reason = recordErrorReason(error);
      if (reason === null) throw error;
      session.dropped.push({ kind: 'dropped', line, reason: `${String(message.id)}: ${reason}` });
    }
  }
  const metadata: Obj = {};
  for (const [key, out] of METADATA_KEYS) if (header[key] != null) metadata[out] = header[key];
  // A subagent's journal lies in a folder named after its parent session.
  if (header.kind === 'subagent') metadata.parent_session_id = path.basename(path.dirname(file));
  const model = [...session.messages.values()].find((m) => typeof m.message.model === 'string');
  return {
    source_id: header.sessionId,
    task_id: null,
    group_id: null,
    sample_index: null,
    model: (model?.message.model as string | undefined) ?? null,
    reward: null,
    success: null,
    metadata,
    tools: null,
    turns,
  };
}

function isJournal(file: string): boolean {
  return /\.jsonl$/i.test(withoutCompression(file));
}

async function* readGeminiCli(file: string, context: ReadContext): AsyncIterable<ReadItem> {
  const session = isJournal(file)
    ? await readJournal(file, context)
    : await readDocument(file, context);
  if ('kind' in session) {
    yield session;
    return;
  }
  try {
    const trajectory = toTrajectory(session, file);
    yield* session.dropped;
    yield { kind: 'trajectory', line: 1, trajectory };
  } catch (error) {
    const reason = recordErrorReason(error);
    if (reason === null) throw error;
    yield { kind: 'error', line: 1, reason };
  }
}

export const geminiCliFormat: FormatReader = {
  ...formatInfo('gemini-cli'),
  detect({ path: file, head }) {
    const name = withoutCompression(file);
    if (!/\.jsonl?$/i.test(name) || !/^\s*\{/.test(head)) return 0;
    if (isJournal(name)) {
      // The journal's first line is the session header (its messages come later).
      const first = head.trimStart().split('\n', 1)[0] ?? '';
      return /"sessionId"\s*:\s*"/.test(first) && /"projectHash"\s*:\s*"/.test(first) ? 0.95 : 0;
    }
    const keys = ['"sessionId"', '"projectHash"', '"messages"'];
    return keys.every((key) => head.includes(key)) ? 0.95 : 0;
  },
  read: readGeminiCli,
};
