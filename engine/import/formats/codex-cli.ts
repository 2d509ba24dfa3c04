// Codex CLI session rollouts (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl): one trajectory per
// file. Lines are RolloutLine {timestamp, type, payload} (session_meta, response_item, event_msg,
// turn_context, compacted); files of mid-2025 open with a bare header {id, timestamp,
// instructions, git} followed by {record_type: "state"} markers and bare items
// (docs/formats/codex-cli.md).
import path from 'node:path';
import type {
  CanonicalTrajectory,
  FormatReader,
  ReadContext,
  ReadItem,
} from '../../chat/canonical';
import { recordErrorReason } from '../../chat/canonical';
import { withoutCompression } from '../decompress';
import { formatInfo } from '../format-infos';
import { isRecord } from '../../chat/openai-messages';
import { CodexTurns } from './codex-cli-items';
import { headObjects, readSessionLines, type SessionEvent } from './session-lines';

const ROLLOUT_TYPES = new Set([
  'session_meta',
  'response_item',
  'event_msg',
  'turn_context',
  'compacted',
]);
const META_KEYS = ['cli_version', 'originator', 'source', 'cwd', 'model_provider', 'git'];
const INSTRUCTIONS_CHARS = 20_000;

interface Line {
  kind: string;
  payload: Record<string, unknown>;
  timestamp: unknown;
}

/** A line in the rollout form, or an older file's header, state marker or bare item. */
function lineOf(event: SessionEvent): Line | null {
  const { value, line } = event;
  if (typeof value.type === 'string' && ROLLOUT_TYPES.has(value.type) && isRecord(value.payload)) {
    return { kind: value.type, payload: value.payload, timestamp: value.timestamp };
  }
  if (value.record_type !== undefined) return { kind: 'state', payload: value, timestamp: null };
  if (typeof value.type === 'string') {
    return { kind: 'response_item', payload: value, timestamp: value.timestamp };
  }
  if (line === 1 && typeof value.id === 'string') {
    return { kind: 'session_meta', payload: value, timestamp: value.timestamp };
  }
  return null;
}

function metadataOf(meta: Record<string, unknown> | null, models: string[]) {
  const metadata: Record<string, unknown> = {};
  if (meta !== null) {
    metadata.session_id = meta.id ?? null;
    for (const key of META_KEYS) if (meta[key] != null) metadata[key] = meta[key];
    if (typeof meta.instructions === 'string') {
      metadata.instructions = meta.instructions.slice(0, INSTRUCTIONS_CHARS);
    }
  }
  if (models.length > 0) metadata.models = models;
  return metadata;
}

async function* readCodexCli(file: string, context: ReadContext): AsyncIterable<ReadItem> {
  const { events, dropped } = await readSessionLines(file, context);
  if (context.signal.aborted) return;
  yield* dropped;
  const turns = new CodexTurns();
  const other: Record<string, number> = {};
  const models: string[] = [];
  let meta: Record<string, unknown> | null = null;
  const timestamps: string[] = [];
  for (const event of events) {
    const line = lineOf(event);
    if (line === null) {
      yield {
        kind: 'dropped',
        line: event.line,
        reason: 'line left out: not a Codex rollout line',
      };
      continue;
    }
    const { kind, payload, timestamp } = line;
    if (typeof timestamp === 'string') timestamps.push(timestamp);
    try {
      let read = true;
      if (kind === 'session_meta') {
        // A resumed or forked session repeats its source's meta after its own: the first is kept.
        if (meta === null) {
          meta = payload;
          const base = payload.base_instructions;
          const text = isRecord(base) ? base.text : undefined;
          if (typeof text === 'string' && text !== '')
            turns.system(text, { base_instructions: true });
        }
      } else if (kind === 'turn_context') {
        turns.setModel(payload.model);
        if (typeof payload.model === 'string' && !models.includes(payload.model)) {
          models.push(payload.model);
        }
      } else if (kind === 'compacted') {
        const text = typeof payload.message === 'string' ? payload.message : '';
        turns.system(text, { timestamp, compacted: true });
      } else if (kind === 'response_item') {
        read = turns.item(payload, timestamp, 'payload');
      } else if (kind === 'event_msg') {
        read = turns.event(payload, timestamp);
      } else read = false;
      if (!read) {
        const type = kind === 'state' ? 'state' : `${kind}:${String(payload.type)}`;
        other[type] = (other[type] ?? 0) + 1;
      }
    } catch (error) {
      const reason = recordErrorReason(error);
      if (reason === null) throw error;
      yield { kind: 'dropped', line: event.line, reason: `line left out: ${reason}` };
    }
  }
  const all = turns.finish();
  if (all.length === 0) {
    yield { kind: 'dropped', line: 1, reason: 'the rollout holds no messages' };
    return;
  }
  const stem = path.basename(withoutCompression(file)).replace(/\.jsonl$/i, '');
  const metadata = metadataOf(meta, models);
  if (Object.keys(other).length > 0) metadata.other_lines = other;
  metadata.started_at = timestamps[0] ?? null;
  metadata.ended_at = timestamps.at(-1) ?? null;
  const sessionId = meta?.id;
  const dynamicTools = meta?.dynamic_tools;
  const trajectory: CanonicalTrajectory = {
    source_id: typeof sessionId === 'string' && sessionId !== '' ? sessionId : stem,
    task_id: null,
    group_id: null,
    sample_index: null,
    model: models[0] ?? null,
    reward: null,
    success: null,
    metadata,
    tools: Array.isArray(dynamicTools) && dynamicTools.length > 0 ? dynamicTools : null,
    turns: all,
  };
  yield { kind: 'trajectory', line: 1, trajectory };
}

/** How sure a parsed first line makes us that the file is a Codex rollout. */
function firstLineScore(first: Record<string, unknown>, rest: Record<string, unknown>[]): number {
  if (first.type === 'session_meta' && isRecord(first.payload)) return 0.95;
  if (
    typeof first.type === 'string' &&
    ROLLOUT_TYPES.has(first.type) &&
    isRecord(first.payload) &&
    typeof first.timestamp === 'string'
  ) {
    return 0.85;
  }
  // The mid-2025 form: a bare header, then state markers and bare Responses items.
  const header = typeof first.id === 'string' && typeof first.timestamp === 'string';
  const itemsFollow = rest.some(
    (o) => o.record_type === 'state' || (o.type === 'message' && Array.isArray(o.content)),
  );
  return header && first.type === undefined && itemsFollow ? 0.9 : 0;
}

export const codexCliFormat: FormatReader = {
  ...formatInfo('codex-cli'),
  detect({ path: file, head }) {
    if (!/\.jsonl$/i.test(withoutCompression(file))) return 0;
    const [first, ...rest] = headObjects(head);
    if (first === undefined) {
      // A session_meta line longer than the head (large base instructions or tools).
      return /^\s*\{"timestamp":"[^"]*","type":"session_meta","payload":\{/.test(head) ? 0.9 : 0;
    }
    return firstLineScore(first, rest);
  },
  read: readCodexCli,
};
