// Claude Code events of one thread (the main conversation or one sidechain) -> canonical turns.
// Claude Code writes each content block of an API response as a line of its own, all with the
// same message.id: consecutive lines of one message are merged back into one assistant turn.
import type { TurnError } from '../../../shared/model';
import {
  type CanonicalTurn,
  plainTurn,
  type ReadItem,
  RecordError,
  recordErrorReason,
} from '../../chat/canonical';
import { isRecord } from '../../chat/openai-messages';
import { statusError } from '../turn-error';
import {
  type AssistantParts,
  addAssistantBlocks,
  emptyAssistantParts,
  userBlocks,
} from './anthropic-blocks';
import type { SessionEvent } from './session-lines';

/** Facts of a Task result worth keeping on its tool turn (the rest repeats the content). */
const KEPT_RESULT_KEYS = [
  'status',
  'agentId',
  'interrupted',
  'durationMs',
  'totalDurationMs',
  'totalTokens',
  'totalToolUseCount',
];

interface OpenAssistant {
  parts: AssistantParts;
  messageId: unknown;
  outputTokens: number | null;
  metadata: Record<string, unknown>;
  error: TurnError | null;
}

export interface ThreadTurns {
  turns: CanonicalTurn[];
  dropped: ReadItem[];
}

/**
 * A tool error as Claude Code reports it: a rejection by the user is an approval error, input the
 * tool's schema refused a parsing error, anything else a generic error.
 */
export function toolError(text: string): TurnError {
  if (text.startsWith("The user doesn't want to proceed with this tool use")) {
    return { kind: 'approval', message: text.slice(0, 500), exit_code: null };
  }
  if (/^(<tool_use_error>)?InputValidationError/.test(text)) {
    return { kind: 'parsing', message: text.slice(0, 500), exit_code: null };
  }
  return statusError(text);
}

function kept(source: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys)
    if (source[key] !== undefined && source[key] !== null) out[key] = source[key];
  return out;
}

function assistantTurn(open: OpenAssistant): CanonicalTurn {
  const turn = plainTurn('assistant', open.parts.text.join('\n\n'));
  turn.reasoning = open.parts.reasoning.length > 0 ? open.parts.reasoning.join('\n\n') : null;
  turn.tool_calls = open.parts.calls;
  turn.is_action = open.parts.calls.length > 0;
  turn.n_tokens = open.outputTokens;
  turn.metadata = open.metadata;
  turn.error = open.error;
  return turn;
}

function messageOf(event: SessionEvent): Record<string, unknown> {
  const message = event.value.message;
  if (!isRecord(message)) throw new RecordError('message: expected an object');
  return message;
}

/** Turns of one user line: its tool results (in order), then its text. */
function userTurns(event: SessionEvent): CanonicalTurn[] {
  const parts = userBlocks(messageOf(event).content, 'message.content');
  const { value } = event;
  const result = isRecord(value.toolUseResult) ? kept(value.toolUseResult, KEPT_RESULT_KEYS) : {};
  const turns = parts.results.map((block) => {
    const turn = plainTurn('tool', block.content);
    turn.tool_call_id = block.tool_use_id;
    turn.error = block.is_error ? toolError(block.content) : null;
    turn.metadata = { uuid: value.uuid, timestamp: value.timestamp, ...result };
    return turn;
  });
  if (parts.text.length > 0) {
    const turn = plainTurn('user', parts.text.join('\n'));
    turn.metadata = kept(value, ['uuid', 'timestamp', 'isMeta', 'isCompactSummary']);
    turns.push(turn);
  }
  return turns;
}

/** A system line with text (a compaction, a local command, an API error); null for bookkeeping. */
function systemTurn(event: SessionEvent): CanonicalTurn | null {
  const { value } = event;
  if (typeof value.content !== 'string' || value.content === '') return null;
  const turn = plainTurn('system', value.content);
  turn.metadata = kept(value, ['uuid', 'timestamp', 'subtype', 'level']);
  if (value.level === 'error') turn.error = statusError(value.content);
  return turn;
}

function outputTokens(message: Record<string, unknown>): number | null {
  const usage = message.usage;
  const tokens = isRecord(usage) ? usage.output_tokens : undefined;
  return typeof tokens === 'number' && Number.isInteger(tokens) ? tokens : null;
}

/** Starts an assistant turn, or adds a line to the open one when it continues the same message. */
function addAssistantLine(event: SessionEvent, open: OpenAssistant | null): OpenAssistant {
  const { value } = event;
  const message = messageOf(event);
  // Read the blocks before touching the open turn, so a bad line leaves it as it was.
  const parts = emptyAssistantParts();
  addAssistantBlocks(message.content, 'message.content', parts);
  const current: OpenAssistant =
    open !== null && typeof message.id === 'string' && open.messageId === message.id
      ? open
      : {
          parts: emptyAssistantParts(),
          messageId: message.id,
          outputTokens: null,
          metadata: {
            ...kept(value, ['uuid', 'timestamp', 'requestId']),
            ...kept(message, ['id', 'model']),
          },
          error: null,
        };
  current.parts.text.push(...parts.text);
  current.parts.reasoning.push(...parts.reasoning);
  current.parts.calls.push(...parts.calls);
  // Every line of a message repeats its usage; the last holds the final count.
  const tokens = outputTokens(message);
  if (tokens !== null) current.outputTokens = Math.max(current.outputTokens ?? 0, tokens);
  if (isRecord(message.usage)) current.metadata.usage = message.usage;
  if (message.stop_reason != null) current.metadata.stop_reason = message.stop_reason;
  if (value.isApiErrorMessage === true) {
    current.error = statusError(current.parts.text.join('\n\n'));
  }
  return current;
}

/** The turns of one thread's events, in file order; a malformed line is dropped with its line. */
export function threadTurns(events: SessionEvent[]): ThreadTurns {
  const turns: CanonicalTurn[] = [];
  const dropped: ReadItem[] = [];
  let open: OpenAssistant | null = null;
  for (const event of events) {
    try {
      const { value } = event;
      if (value.type === 'assistant') {
        const next = addAssistantLine(event, open);
        if (open !== null && next !== open) turns.push(assistantTurn(open));
        open = next;
        continue;
      }
      const next = value.type === 'user' ? userTurns(event) : [systemTurn(event)];
      const converted = next.filter((turn) => turn !== null);
      if (converted.length === 0) continue;
      if (open !== null) turns.push(assistantTurn(open));
      open = null;
      turns.push(...converted);
    } catch (error) {
      const reason = recordErrorReason(error);
      if (reason === null) throw error;
      dropped.push({ kind: 'dropped', line: event.line, reason: `line left out: ${reason}` });
    }
  }
  if (open !== null) turns.push(assistantTurn(open));
  return { turns, dropped };
}
