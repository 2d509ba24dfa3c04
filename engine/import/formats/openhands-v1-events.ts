// OpenHands V1 (software-agent-sdk) events -> canonical turns (docs/formats/openhands-v1.md).
// ActionEvents of one model response (same llm_response_id, in a row) are one assistant turn
// with parallel tool calls, as the SDK's own events_to_messages batches them.
import type { TurnError, TurnRole } from '../../../shared/model';
import { canonicalArguments } from '../../text/canonical-json';
import { RecordError, type CanonicalTurn, plainTurn } from '../../chat/canonical';
import { contentText, isRecord } from '../../chat/openai-messages';
import { exitCodeError, statusError } from '../turn-error';

type Obj = Record<string, unknown>;

export interface EventRecord {
  event: Obj;
  /** The event's file, for reasons. */
  where: string;
}

export interface EventTurns {
  turns: CanonicalTurn[];
  tools: unknown[] | null;
  /** Events that carry no turn, by kind (state updates, condensation, token logs...). */
  skipped: Record<string, number>;
  dropped: { where: string; reason: string }[];
}

const ROLES: Record<string, TurnRole> = {
  user: 'user',
  assistant: 'assistant',
  system: 'system',
  agent: 'assistant',
  environment: 'environment',
};

function text(value: unknown, where: string): string {
  if (isRecord(value)) return contentText([value], where);
  return contentText(value, where);
}

function reasoningOf(source: Obj): string | null {
  if (typeof source.reasoning_content === 'string' && source.reasoning_content !== '') {
    return source.reasoning_content;
  }
  const blocks = Array.isArray(source.thinking_blocks) ? source.thinking_blocks : [];
  const thinking = blocks.flatMap((b) =>
    isRecord(b) && typeof b.thinking === 'string' ? [b.thinking] : [],
  );
  return thinking.length > 0 ? thinking.join('\n\n') : null;
}

function meta(event: Obj, keys: string[]): Obj {
  const out: Obj = { event_id: event.id, timestamp: event.timestamp };
  for (const key of keys) if (event[key] != null) out[key] = event[key];
  return out;
}

function actionTurn(batch: Obj[], where: string): CanonicalTurn {
  const [first] = batch as [Obj];
  const turn = plainTurn('assistant', text(first.thought ?? null, `${where}.thought`));
  turn.reasoning = reasoningOf(first);
  turn.tool_calls = batch.map((event, i) => {
    const call = isRecord(event.tool_call) ? event.tool_call : {};
    const name = call.name ?? event.tool_name;
    if (typeof name !== 'string' || name === '') {
      throw new RecordError(`${where}: ActionEvent ${i}: no tool_name`);
    }
    const id = call.id ?? event.tool_call_id;
    return {
      id: typeof id === 'string' ? id : `call_${i}`,
      name,
      arguments: canonicalArguments(call.arguments ?? {}),
    };
  });
  turn.is_action = true;
  turn.metadata = {
    ...meta(first, ['llm_response_id', 'security_risk']),
    event_ids: batch.map((event) => event.id),
    actions: batch.map((event) => (isRecord(event.action) ? event.action.kind : null)),
    summaries: batch.map((event) => event.summary ?? null),
  };
  return turn;
}

function observationError(observation: Obj, content: string): TurnError | null {
  const details = isRecord(observation.metadata) ? observation.metadata : {};
  const code = exitCodeError(observation.exit_code ?? details.exit_code);
  if (code !== null) return code;
  return observation.is_error === true ? statusError(content) : null;
}

function toolTurn(event: Obj, content: string, error: TurnError | null): CanonicalTurn {
  const turn = plainTurn('tool', content);
  turn.tool_call_id = typeof event.tool_call_id === 'string' ? event.tool_call_id : null;
  turn.error = error;
  turn.metadata = meta(event, ['tool_name', 'action_id']);
  return turn;
}

/** One event's turn; null for the kinds that carry none. */
function eventTurn(event: Obj, where: string, out: EventTurns): CanonicalTurn | null {
  switch (event.kind) {
    case 'SystemPromptEvent':
    case 'SystemPromptUpdateEvent': {
      out.tools ??= Array.isArray(event.tools) ? event.tools : null;
      const parts = [event.system_prompt, event.dynamic_context].filter((p) => p != null);
      const content = parts.map((p, i) => text(p, `${where}.system_prompt[${i}]`)).join('\n\n');
      return { ...plainTurn('system', content), metadata: meta(event, ['kind', 'reason']) };
    }
    case 'MessageEvent': {
      const message = event.llm_message;
      if (!isRecord(message)) throw new RecordError(`${where}.llm_message: expected an object`);
      const role = ROLES[String(message.role ?? event.source)];
      if (role === undefined) throw new RecordError(`${where}.llm_message.role: unknown role`);
      const turn = plainTurn(role, text(message.content, `${where}.llm_message.content`));
      turn.reasoning = reasoningOf(message);
      turn.metadata = meta(event, ['llm_response_id', 'sender', 'activated_skills']);
      return turn;
    }
    case 'ObservationEvent': {
      const observation = isRecord(event.observation) ? event.observation : {};
      const content = text(observation.content ?? null, `${where}.observation.content`);
      const turn = toolTurn(event, content, observationError(observation, content));
      if (turn.metadata) turn.metadata.observation = observation.kind;
      return turn;
    }
    case 'UserRejectObservation': {
      const reason = typeof event.rejection_reason === 'string' ? event.rejection_reason : '';
      return toolTurn(event, reason, { kind: 'approval', message: reason, exit_code: null });
    }
    case 'AgentErrorEvent': {
      const message = typeof event.error === 'string' ? event.error : '';
      return toolTurn(event, message, statusError(message));
    }
    case 'ConversationErrorEvent': {
      const message = `${String(event.code)}: ${String(event.detail)}`;
      const turn = plainTurn('environment', message);
      return { ...turn, error: statusError(message), metadata: meta(event, ['kind']) };
    }
    default:
      return null;
  }
}

/** The turns of the events, in order; a bad event is dropped and listed, never fatal. */
export function eventsToTurns(records: EventRecord[]): EventTurns {
  const out: EventTurns = { turns: [], tools: null, skipped: {}, dropped: [] };
  for (let i = 0; i < records.length; i += 1) {
    const { event, where } = records[i] as EventRecord;
    try {
      if (event.kind === 'ActionEvent') {
        const batch = [event];
        while (
          records[i + 1]?.event.kind === 'ActionEvent' &&
          records[i + 1]?.event.llm_response_id === event.llm_response_id
        ) {
          batch.push((records[(i += 1)] as EventRecord).event);
        }
        out.turns.push(actionTurn(batch, where));
        continue;
      }
      const turn = eventTurn(event, where, out);
      if (turn !== null) out.turns.push(turn);
      else out.skipped[String(event.kind)] = (out.skipped[String(event.kind)] ?? 0) + 1;
    } catch (error) {
      if (!(error instanceof RecordError)) throw error;
      out.dropped.push({ where, reason: error.message });
    }
  }
  return out;
}
