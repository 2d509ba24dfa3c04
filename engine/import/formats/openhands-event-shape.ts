// One OpenHands event in a uniform shape: V0 events ({id, source, action, args} / {id, cause,
// observation, content, extras}) and older flattened ones (args and extras inline, no id/source).
import { RecordError } from '../../chat/canonical';
import { isRecord } from '../../chat/openai-messages';

export interface OpenHandsEvent {
  kind: 'action' | 'observation';
  /** The action or observation type (run, edit, message, ...). */
  type: string;
  id: string | null;
  timestamp: string | null;
  source: string | null;
  message: string | null;
  cause: string | null;
  args: Record<string, unknown>;
  extras: Record<string, unknown>;
  toolCallMetadata: Record<string, unknown> | null;
  /** The tool call an observation answers, when it says so itself. */
  callId: string | null;
  success: boolean | null;
  raw: Record<string, unknown>;
}

const EVENT_KEYS = new Set([
  'id',
  'timestamp',
  'source',
  'message',
  'action',
  'observation',
  'cause',
  'args',
  'extras',
  'content',
  'tool_call_metadata',
  'llm_metrics',
  'timeout',
  'success',
]);

function idText(value: unknown, where: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  throw new RecordError(`${where}: expected a number or a string`);
}

function optionalString(value: unknown, where: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  throw new RecordError(`${where}: expected a string`);
}

/** The inline fields of a flattened event; an action's `content` is one of its args. */
function inline(raw: Record<string, unknown>, kind: 'action' | 'observation') {
  return Object.fromEntries(
    Object.entries(raw).filter(
      ([key]) => !EVENT_KEYS.has(key) || (kind === 'action' && key === 'content'),
    ),
  );
}

function objectField(raw: Record<string, unknown>, key: string, where: string) {
  const value = raw[key];
  if (value === undefined || value === null) return null;
  if (!isRecord(value)) throw new RecordError(`${where}.${key}: expected an object`);
  return value;
}

export function normalizeEvent(raw: Record<string, unknown>, where: string): OpenHandsEvent {
  const action = raw.action;
  const observation = raw.observation;
  const kind =
    typeof observation === 'string' ? 'observation' : typeof action === 'string' ? 'action' : null;
  if (kind === null) {
    throw new RecordError(`${where}: expected an event with a string "action" or "observation"`);
  }
  const toolCallMetadata = objectField(raw, 'tool_call_metadata', where);
  const args = objectField(raw, 'args', where) ?? inline(raw, kind);
  const extras =
    objectField(raw, 'extras', where) ?? (kind === 'observation' ? inline(raw, kind) : {});
  const callId = toolCallMetadata?.tool_call_id;
  return {
    kind,
    type: kind === 'observation' ? (observation as string) : (action as string),
    id: idText(raw.id, `${where}.id`),
    timestamp: optionalString(raw.timestamp, `${where}.timestamp`),
    source: optionalString(raw.source, `${where}.source`),
    message: optionalString(raw.message, `${where}.message`),
    cause: idText(raw.cause, `${where}.cause`),
    args: kind === 'action' ? args : {},
    extras,
    toolCallMetadata,
    callId: kind === 'observation' && typeof callId === 'string' ? callId : null,
    success: typeof raw.success === 'boolean' ? raw.success : null,
    raw,
  };
}

/** An observation's text: `content`, else `message`. Kept whole, however large. */
export function eventContent(raw: Record<string, unknown>, where: string): string {
  const content = raw.content;
  if (content === null || content === undefined) {
    return typeof raw.message === 'string' ? raw.message : '';
  }
  if (typeof content !== 'string') throw new RecordError(`${where}.content: expected a string`);
  return content;
}

const MAX_EXTRA_JSON = 1000;

/** A command observation's exit code: in `extras`, or in `extras.metadata` (CmdOutputMetadata). */
export function eventExitCode(event: OpenHandsEvent): unknown {
  const inner = isRecord(event.extras.metadata) ? event.extras.metadata : {};
  return event.extras.exit_code ?? inner.exit_code;
}

/**
 * The small facts of an observation (exit code, path, success). Large extras (file contents,
 * screenshots, DOM trees) are dropped: they repeat the content or do not belong in metadata.
 */
export function smallExtras(event: OpenHandsEvent): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (event.cause !== null) out.cause = event.cause;
  if (event.success !== null) out.success = event.success;
  const exitCode = eventExitCode(event);
  if (typeof exitCode === 'number') out.exit_code = exitCode;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event.extras)) {
    if (key === 'content' || key === 'message') continue;
    const json = JSON.stringify(value) ?? '';
    if (json.length <= MAX_EXTRA_JSON) kept[key] = value;
  }
  if (Object.keys(kept).length > 0) out.extras = kept;
  return out;
}

/** A one-line description of a text action, for turn.metadata.action. */
export function compactAction(type: string, args: Record<string, unknown>): string {
  const text = (key: string) => (typeof args[key] === 'string' ? args[key] : null);
  switch (type) {
    case 'run':
      return text('command') ?? type;
    case 'run_ipython':
      return text('code') ?? type;
    case 'browse':
      return text('url') ?? type;
    case 'browse_interactive':
      return text('browser_actions') ?? type;
    default: {
      const target = text('path') ?? text('agent');
      return target === null ? type : `${type} ${target}`;
    }
  }
}
