// One trace's spans -> a canonical trajectory: walk the span tree depth-first in start-time order;
// chat spans give assistant turns (the first one also its prompt), tool spans give tool turns.
import { withoutUndefined } from '../../../shared/without-undefined';
import type { TurnError, TurnRole } from '../../../shared/model';
import { canonicalArguments } from '../../text/canonical-json';
import { isRecord } from '../../chat/openai-messages';
import { addTurnMetadata, keepRawToolCalls } from '../../chat/raw-tool-calls';
import {
  RecordError,
  type CanonicalTrajectory,
  type CanonicalTurn,
  type FormatOptions,
  recordErrorReason,
} from '../../chat/canonical';
import {
  inputMessages,
  outputMessages,
  type Attributes,
  type GenaiMessage,
  type SpanEvent,
} from './otel-genai-messages';

export interface Span {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  start: bigint;
  /** Null when the export has no end time (or one before the start). */
  end: bigint | null;
  attrs: Attributes;
  events: SpanEvent[];
  resource: Attributes;
  status: unknown;
}

/** GenAI request parameters kept as the call's sampling config (docs/formats/otel-genai.md). */
const REQUEST_PARAMETERS = [
  'temperature',
  'top_p',
  'top_k',
  'max_tokens',
  'seed',
  'frequency_penalty',
  'presence_penalty',
];

/** A chat span's model, usage, finish reason and sampling parameters, for the details panel. */
function chatCall(span: Span): Record<string, unknown> {
  const attrs = span.attrs;
  const config = withoutUndefined(
    Object.fromEntries(REQUEST_PARAMETERS.map((key) => [key, attrs[`gen_ai.request.${key}`]])),
  );
  const reasons = attrs['gen_ai.response.finish_reasons'];
  return withoutUndefined({
    model: attrs['gen_ai.response.model'] ?? attrs['gen_ai.request.model'],
    usage: withoutUndefined({
      input_tokens: attrs['gen_ai.usage.input_tokens'],
      output_tokens: attrs['gen_ai.usage.output_tokens'],
    }),
    config,
    stop_reason: Array.isArray(reasons) ? reasons[0] : reasons,
    // The span's duration is the model call's latency, in seconds as Inspect's `time` is.
    time: span.end === null ? undefined : Number(span.end - span.start) / 1e9,
  });
}

const ROLES: Record<string, TurnRole> = {
  system: 'system',
  developer: 'system',
  user: 'user',
  assistant: 'assistant',
  tool: 'tool',
};

function operation(span: Span): string {
  const op = span.attrs['gen_ai.operation.name'];
  if (typeof op === 'string') return op;
  const name = span.name.toLowerCase();
  if (/^(chat|text_completion|generate_content)\b/.test(name)) return 'chat';
  if (name.startsWith('execute_tool')) return 'execute_tool';
  if (name.startsWith('invoke_agent')) return 'invoke_agent';
  return '';
}

function toTurn(message: GenaiMessage, where: string): CanonicalTurn {
  const role = ROLES[message.role];
  if (role === undefined)
    throw new RecordError(`${where}: unknown role ${JSON.stringify(message.role)}`);
  const turn: CanonicalTurn = {
    role,
    content: message.text,
    reasoning: message.reasoning,
    tool_calls: role === 'assistant' ? message.toolCalls : [],
    tool_call_id: role === 'tool' ? message.toolCallId : null,
    is_action: role === 'assistant' && message.toolCalls.length > 0,
    n_tokens: null,
    logprobs: null,
  };
  if (role === 'assistant') keepRawToolCalls(turn, message.rawToolCalls, `${where} tool_calls`);
  return turn;
}

/** Depth-first, children in start-time order; orphans (parent not exported) count as roots. */
function walk(spans: Span[]): Span[] {
  const ids = new Set(spans.map((s) => s.spanId));
  const children = new Map<string | null, Span[]>();
  for (const span of spans) {
    const parent =
      span.parentSpanId !== null && ids.has(span.parentSpanId) ? span.parentSpanId : null;
    children.set(parent, [...(children.get(parent) ?? []), span]);
  }
  const order: Span[] = [];
  const visit = (parent: string | null) => {
    const list = [...(children.get(parent) ?? [])].sort((a, b) =>
      a.start < b.start ? -1 : a.start > b.start ? 1 : 0,
    );
    for (const span of list) {
      order.push(span);
      visit(span.spanId);
    }
  };
  visit(null);
  return order;
}

function firstAttribute(spans: Span[], key: string | undefined): unknown {
  if (key === undefined) return undefined;
  return spans.find((span) => span.attrs[key] !== undefined)?.attrs[key];
}

export function traceToTrajectory(spans: Span[], options: FormatOptions): CanonicalTrajectory {
  const order = walk(spans);
  const turns: CanonicalTurn[] = [];
  const seenResults = new Set<string>();
  let model: string | null = null;
  let agent: unknown = null;
  let chats = 0;
  let known = 0; // messages of the conversation already turned into turns
  for (const span of order) {
    const op = operation(span);
    const where = `span ${span.spanId} (${span.name})`;
    try {
      if (op === 'invoke_agent' && agent === null) agent = span.attrs['gen_ai.agent.name'] ?? null;
      if (op === 'chat' || op === 'text_completion' || op === 'generate_content') {
        const input = inputMessages(span.attrs, span.events);
        // Later calls repeat the history: only their new non-assistant messages are turns.
        const fresh =
          chats === 0 ? input : input.slice(known).filter((m) => m.role !== 'assistant');
        for (const [i, message] of fresh.entries()) {
          if (message.toolCallId !== null && seenResults.has(message.toolCallId)) continue;
          turns.push(toTurn(message, `input message ${i}`));
        }
        const output = outputMessages(span.attrs, span.events);
        const tokens = span.attrs['gen_ai.usage.output_tokens'];
        for (const [i, message] of output.entries()) {
          const out = toTurn({ ...message, role: 'assistant' }, `output message ${i}`);
          if (output.length === 1 && typeof tokens === 'number') out.n_tokens = tokens;
          addTurnMetadata(out, { span_id: span.spanId, model_call: chatCall(span) });
          turns.push(out);
        }
        known = input.length + output.length;
        chats += 1;
        const spanModel = span.attrs['gen_ai.response.model'] ?? span.attrs['gen_ai.request.model'];
        if (model === null && typeof spanModel === 'string') model = spanModel;
      } else if (op === 'execute_tool') {
        const id = span.attrs['gen_ai.tool.call.id'];
        const result = span.attrs['gen_ai.tool.call.result'] ?? span.attrs['gen_ai.tool.result'];
        const toolCallId = typeof id === 'string' ? id : null;
        if (toolCallId !== null) seenResults.add(toolCallId);
        turns.push({
          role: 'tool',
          content:
            typeof result === 'string'
              ? result
              : result === undefined
                ? ''
                : JSON.stringify(result),
          reasoning: null,
          tool_calls: [],
          tool_call_id: toolCallId,
          is_action: false,
          n_tokens: null,
          logprobs: null,
          error: spanError(span),
          metadata: {
            span_id: span.spanId,
            tool_name: span.attrs['gen_ai.tool.name'] ?? null,
            arguments: canonicalArguments(span.attrs['gen_ai.tool.call.arguments'] ?? null),
          },
        });
      }
    } catch (error) {
      const reason = recordErrorReason(error);
      if (reason === null) throw error;
      throw new RecordError(`${where}: ${reason}`);
    }
  }
  const traceId = spans[0]?.traceId ?? '';
  if (turns.length === 0) throw new RecordError(`trace ${traceId}: no GenAI chat or tool spans`);
  for (const key of [
    options.task_field,
    options.group_field,
    options.reward_field,
    options.success_field,
  ]) {
    if (key !== undefined && firstAttribute(order, key) === undefined) {
      throw new RecordError(
        `trace ${traceId}: no span has the attribute ${key} (named by an import option)`,
      );
    }
  }
  const root = order[0];
  const pick = (key: string | undefined) => {
    const value = firstAttribute(order, key);
    return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  };
  const taskId = pick(options.task_field);
  const reward = firstAttribute(order, options.reward_field);
  const success = firstAttribute(order, options.success_field);
  return {
    source_id: traceId,
    task_id: taskId,
    group_id: pick(options.group_field) ?? taskId,
    sample_index: null,
    model,
    reward:
      typeof reward === 'number' ? reward : typeof reward === 'boolean' ? Number(reward) : null,
    success: typeof success === 'boolean' ? success : null,
    metadata: {
      trace_id: traceId,
      root_span: root?.name ?? null,
      agent_name: agent,
      service_name: root?.resource['service.name'] ?? null,
      conversation_id: firstAttribute(order, 'gen_ai.conversation.id') ?? null,
      n_spans: spans.length,
    } as Record<string, unknown>,
    tools: null,
    turns,
  };
}

/**
 * A tool span's error: OTLP status code ERROR (2, or "STATUS_CODE_ERROR" in the JSON encoding),
 * its message else the semantic conventions' `error.type` attribute as the message.
 */
function spanError(span: Span): TurnError | null {
  const status = isRecord(span.status) ? span.status : {};
  if (status.code !== 2 && status.code !== 'STATUS_CODE_ERROR') return null;
  const message =
    typeof status.message === 'string' && status.message !== '' ? status.message : null;
  const type = span.attrs['error.type'];
  return {
    kind: 'error',
    message: message ?? (typeof type === 'string' ? type : null),
    exit_code: null,
  };
}
