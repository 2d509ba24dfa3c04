// Per-call facts from an Inspect AI sample's events, kept in turn metadata for the details panel
// (docs/formats/inspect.md): each ModelEvent's model, usage, time, config, stop reason and retries
// on the assistant message it produced; the SandboxEvents of a tool call on its tool message; the
// scores (with the scorer's explanation) on the last message.
import { isRecord } from '../../chat/openai-messages';
import { resolveAttachments } from './inspect-messages';

/** At most this many sandbox events are kept per tool turn, each output cut to this length. */
export const SANDBOX_EVENTS_KEPT = 20;
const SANDBOX_TEXT_CHARS = 500;

export interface InspectCallFacts {
  /** model_call metadata by the id of the message the model event produced. */
  byMessageId: Map<string, Record<string, unknown>>;
  /** The same, in event order: for logs whose messages carry no ids. */
  inOrder: Record<string, unknown>[];
  /** Sandbox events (already cut) by the id of the tool call they ran under. */
  sandboxByCall: Map<string, Record<string, unknown>[]>;
}

function modelCall(event: Record<string, unknown>): Record<string, unknown> {
  const output = isRecord(event.output) ? event.output : {};
  const choice: unknown = Array.isArray(output.choices) ? output.choices[0] : undefined;
  const call: Record<string, unknown> = {};
  const put = (key: string, value: unknown) => {
    if (value !== undefined && value !== null) call[key] = value;
  };
  put('model', output.model ?? event.model);
  put('usage', output.usage);
  put('time', output.time);
  put('working_time', event.working_time);
  if (isRecord(event.config) && Object.keys(event.config).length > 0) call.config = event.config;
  if (isRecord(choice)) put('stop_reason', choice.stop_reason);
  put('retries', event.retries);
  put('error', event.error);
  put('cache', event.cache);
  return call;
}

const cut = (value: unknown) =>
  typeof value === 'string' && value.length > SANDBOX_TEXT_CHARS
    ? `${value.slice(0, SANDBOX_TEXT_CHARS)}…`
    : value;

function sandboxEvent(
  event: Record<string, unknown>,
  attachments: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of ['action', 'cmd', 'file', 'result', 'output', 'timestamp', 'completed']) {
    const value = event[key];
    if (value !== undefined && value !== null)
      out[key] = cut(resolveAttachments(value, attachments));
  }
  return out;
}

function messageId(event: Record<string, unknown>): string | null {
  const output = isRecord(event.output) ? event.output : {};
  const choice: unknown = Array.isArray(output.choices) ? output.choices[0] : undefined;
  const message = isRecord(choice) && isRecord(choice.message) ? choice.message : {};
  return typeof message.id === 'string' ? message.id : null;
}

/** Sandbox events run inside the tool's own span, which opens just before its tool event. */
export function inspectCallFacts(
  events: unknown,
  attachments: Record<string, unknown>,
): InspectCallFacts {
  const facts: InspectCallFacts = { byMessageId: new Map(), inOrder: [], sandboxByCall: new Map() };
  const callOfSpan = new Map<string, string>();
  const pending = new Map<string, Record<string, unknown>[]>(); // by span, before the tool event
  let openToolSpan: string | null = null;
  const addSandbox = (callId: string, event: Record<string, unknown>) => {
    const list = facts.sandboxByCall.get(callId) ?? [];
    list.push(sandboxEvent(event, attachments));
    facts.sandboxByCall.set(callId, list);
  };
  for (const event of Array.isArray(events) ? (events as unknown[]) : []) {
    if (!isRecord(event)) continue;
    if (event.event === 'model') {
      const call = modelCall(event);
      facts.inOrder.push(call);
      const id = messageId(event);
      if (id !== null) facts.byMessageId.set(id, call);
    } else if (event.event === 'span_begin' && event.type === 'tool') {
      openToolSpan = typeof event.id === 'string' ? event.id : null;
    } else if (event.event === 'tool' && typeof event.id === 'string') {
      const callId = event.id;
      if (openToolSpan !== null) {
        callOfSpan.set(openToolSpan, callId);
        for (const early of pending.get(openToolSpan) ?? []) addSandbox(callId, early);
        pending.delete(openToolSpan);
        openToolSpan = null;
      }
      // Older logs nest a tool's events inside it.
      for (const inner of Array.isArray(event.events) ? (event.events as unknown[]) : []) {
        if (isRecord(inner) && inner.event === 'sandbox') addSandbox(callId, inner);
      }
    } else if (event.event === 'sandbox' && typeof event.span_id === 'string') {
      const callId = callOfSpan.get(event.span_id);
      if (callId !== undefined) addSandbox(callId, event);
      else pending.set(event.span_id, [...(pending.get(event.span_id) ?? []), event]);
    }
  }
  return facts;
}

/** Bounded sandbox metadata for one tool call: the first events and how many there were. */
export function sandboxMetadata(
  events: Record<string, unknown>[] | undefined,
): Record<string, unknown> {
  if (events === undefined || events.length === 0) return {};
  return {
    sandbox_events: events.slice(0, SANDBOX_EVENTS_KEPT),
    sandbox_events_total: events.length,
  };
}

/** The sample's scores as a list: scorer name, value, answer and the scorer's explanation. */
export function scoreList(scores: unknown): Record<string, unknown>[] {
  if (!isRecord(scores)) return [];
  return Object.entries(scores).flatMap(([scorer, score]) => {
    if (!isRecord(score)) return [];
    const out: Record<string, unknown> = { scorer, value: score.value ?? null };
    for (const key of ['answer', 'explanation']) {
      if (typeof score[key] === 'string' && score[key] !== '') out[key] = score[key];
    }
    return [out];
  });
}
