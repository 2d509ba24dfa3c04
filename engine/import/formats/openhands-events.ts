// OpenHands V0 events -> canonical turns. Agent actions become assistant turns (tool calls
// rebuilt from tool_call_metadata, else text actions), observations become tool turns (when their
// cause was a tool call) or environment turns, user messages user turns. State-change and null
// events are kept only when they carry content.
import { withoutUndefined } from '../../../shared/without-undefined';
import { RecordError, type CanonicalTurn, plainTurn } from '../../chat/canonical';
import { canonicalArguments } from '../../text/canonical-json';
import { contentText, isRecord } from '../../chat/openai-messages';
import { exitCodeError, statusError } from '../turn-error';
import {
  compactAction,
  eventContent,
  eventExitCode,
  normalizeEvent,
  smallExtras,
} from './openhands-event-shape';

export interface EventTurns {
  turns: CanonicalTurn[];
  tools: unknown[] | null;
  /** The model named by the first tool-call response, when any. */
  model: string | null;
  skippedEvents: number;
}

const STATE_ACTIONS = new Set([
  'change_agent_state',
  'null',
  '',
  'condensation',
  'condensation_request',
]);
const STATE_OBSERVATIONS = new Set(['null', '', 'agent_state_changed', 'condensation']);

function record(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

/** History entries are events, or [action, observation] pairs (older EvalOutput). */
export function flattenHistory(
  history: unknown[],
  where: string,
): { event: unknown; at: string }[] {
  return history.flatMap((entry, index) => {
    const at = `${where}[${index}]`;
    if (!Array.isArray(entry)) return [{ event: entry, at }];
    return entry.map((event, inner) => ({ event, at: `${at}[${inner}]` }));
  });
}

export function eventsToTurns(history: unknown[], where: string): EventTurns {
  const turns: CanonicalTurn[] = [];
  const callOfAction = new Map<string, string>();
  const seenResponses = new Set<string>();
  let tools: unknown[] | null = null;
  let model: string | null = null;
  let skippedEvents = 0;
  let agentActed = false;

  for (const { event: raw, at } of flattenHistory(history, where)) {
    if (!isRecord(raw)) throw new RecordError(`${at}: expected an event object`);
    const event = normalizeEvent(raw, at);
    const base: Record<string, unknown> = {};
    if (event.id !== null) base.event_id = event.id;
    if (event.timestamp !== null) base.timestamp = event.timestamp;

    if (event.kind === 'observation') {
      const callId =
        event.callId ?? (event.cause !== null ? callOfAction.get(event.cause) : undefined);
      const content = eventContent(event.raw, at);
      if (callId === undefined && STATE_OBSERVATIONS.has(event.type) && content === '') {
        skippedEvents += 1;
        continue;
      }
      const turn = plainTurn(callId === undefined ? 'environment' : 'tool', content);
      turn.tool_call_id = callId ?? null;
      turn.metadata = { ...base, observation: event.type, ...smallExtras(event) };
      // An ErrorObservation is the agent's error; a command's non-zero exit code is the tool's.
      turn.error =
        event.type === 'error' ? statusError(content) : exitCodeError(eventExitCode(event));
      turns.push(turn);
      continue;
    }

    // An action. Without `source` (flattened resolver history) the opening message is the user's.
    const source = event.source ?? (event.type === 'message' && !agentActed ? 'user' : 'agent');
    const args = event.args;
    if (event.type === 'system') {
      if (Array.isArray(args.tools)) tools = args.tools;
      const text = typeof args.content === 'string' ? args.content : (event.message ?? '');
      turns.push({ ...plainTurn('system', text), metadata: { ...base, action: 'system' } });
      continue;
    }
    if (event.type === 'recall' || STATE_ACTIONS.has(event.type) || source === 'environment') {
      // recall repeats the user's message as a query; state changes rarely carry text.
      const text = event.type === 'recall' ? '' : stateText(args);
      if (text === '') {
        skippedEvents += 1;
        continue;
      }
      turns.push({ ...plainTurn('environment', text), metadata: { ...base, action: event.type } });
      continue;
    }
    if (source === 'user') {
      const text = typeof args.content === 'string' ? args.content : (event.message ?? '');
      const turn = plainTurn('user', text);
      turn.metadata =
        event.type === 'message' ? base : { ...base, action: compactAction(event.type, args) };
      turns.push(turn);
      continue;
    }

    agentActed = true;
    const turn = plainTurn('assistant', '');
    const metadata: Record<string, unknown> = { ...base, action_type: event.type };
    const meta = event.toolCallMetadata;
    if (meta !== null) {
      const response = record(meta.model_response);
      const message = firstChoiceMessage(response);
      const responseId = typeof response.id === 'string' ? response.id : null;
      if (model === null && typeof response.model === 'string') model = response.model;
      const firstOfResponse = responseId === null || !seenResponses.has(responseId);
      if (responseId !== null) {
        seenResponses.add(responseId);
        metadata.response_id = responseId;
      }
      // The model's text and token count belong to the response, so only its first event gets them.
      if (firstOfResponse && message !== null) {
        turn.content = contentText(
          message.content,
          `${at}.tool_call_metadata.model_response.choices[0].message.content`,
        );
        const reasoning = message.reasoning_content;
        if (typeof reasoning === 'string' && reasoning !== '') turn.reasoning = reasoning;
        const usage = record(response.usage);
        if (typeof usage.completion_tokens === 'number') turn.n_tokens = usage.completion_tokens;
        metadata.model_call = modelCallOf(response);
      } else if (message === null && typeof args.thought === 'string' && event.type !== 'think') {
        turn.content = args.thought;
      }
      turn.tool_calls = [toolCallOf(meta, message, args, at)];
      turn.is_action = true;
      if (event.id !== null && turn.tool_calls[0])
        callOfAction.set(event.id, turn.tool_calls[0].id);
    } else if (event.type === 'message') {
      turn.content = typeof args.content === 'string' ? args.content : (event.message ?? '');
    } else {
      // A text action (older CodeAct, resolver output): keep the thought, record the action.
      turn.content = typeof args.thought === 'string' ? args.thought : (event.message ?? '');
      turn.is_action = true;
      metadata.action = compactAction(event.type, args);
      const { thought: _thought, ...rest } = args;
      metadata.args = rest;
    }
    turn.metadata = metadata;
    turns.push(turn);
  }
  return { turns, tools, model, skippedEvents };
}

function stateText(args: Record<string, unknown>): string {
  for (const key of ['content', 'summary', 'thought', 'reason']) {
    const value = args[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return '';
}

/** The response's model, usage and finish reason, for the details panel (README.md). */
function modelCallOf(response: Record<string, unknown>): Record<string, unknown> {
  const choice = Array.isArray(response.choices) ? record(response.choices[0]) : {};
  const usage = record(response.usage);
  const cached = record(usage.prompt_tokens_details).cached_tokens;
  const reasoning = record(usage.completion_tokens_details).reasoning_tokens;
  // Fields the response lacks are left out rather than stored as null.
  return withoutUndefined({
    model: response.model,
    usage: withoutUndefined({
      prompt_tokens: usage.prompt_tokens,
      completion_tokens: usage.completion_tokens,
      input_tokens_cache_read: cached,
      reasoning_tokens: reasoning,
    }),
    stop_reason: choice.finish_reason,
  });
}

function firstChoiceMessage(response: Record<string, unknown>): Record<string, unknown> | null {
  const choices = response.choices;
  if (!Array.isArray(choices)) return null;
  const message = record(choices[0]).message;
  return isRecord(message) ? message : null;
}

/** The call as the model made it (from the response), else from function_name and the args. */
function toolCallOf(
  meta: Record<string, unknown>,
  message: Record<string, unknown> | null,
  args: Record<string, unknown>,
  at: string,
) {
  const id = typeof meta.tool_call_id === 'string' ? meta.tool_call_id : null;
  const name = typeof meta.function_name === 'string' ? meta.function_name : null;
  if (id === null || name === null) {
    throw new RecordError(
      `${at}.tool_call_metadata: expected function_name and tool_call_id strings`,
    );
  }
  const calls = message !== null && Array.isArray(message.tool_calls) ? message.tool_calls : [];
  const made = calls.find((call) => isRecord(call) && call.id === id);
  const fn = isRecord(made) && isRecord(made.function) ? made.function : null;
  if (fn !== null && fn.arguments !== undefined) {
    return { id, name, arguments: canonicalArguments(fn.arguments) };
  }
  const { thought: _thought, ...rest } = args;
  return { id, name, arguments: canonicalArguments(rest) };
}
