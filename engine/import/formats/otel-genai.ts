// OTLP/JSON trace exports with OpenTelemetry GenAI spans: one trajectory per trace. A file is one
// export (JSON) or one export per line (JSONL); a trace may span several lines.
import {
  RecordError,
  type FormatReader,
  type ReadContext,
  type ReadItem,
  recordErrorReason,
} from '../../chat/canonical';
import { withoutCompression } from '../decompress';
import { parseJson, readTextFile } from '../json-document';
import { isRecord } from '../../chat/openai-messages';
import { attributesOf } from './otel-genai-messages';
import { traceToTrajectory, type Span } from './otel-genai-trace';
import { formatInfo } from '../format-infos';

function nanos(value: unknown): bigint {
  try {
    return typeof value === 'string' || typeof value === 'number' ? BigInt(value) : 0n;
  } catch {
    return 0n;
  }
}

/** A span's end, when the export gives one at or after its start (0 means not recorded). */
function endOf(start: bigint, end: bigint): bigint | null {
  return end > 0n && end >= start ? end : null;
}

/**
 * The spans of one export, and the reasons its bad spans were left out (each names the span's
 * path): one span without ids spoils no other trace. Throws RecordError when the export itself
 * has no span list.
 */
export function spansOf(exported: unknown): { spans: Span[]; bad: string[] } {
  if (!isRecord(exported) || !Array.isArray(exported.resourceSpans)) {
    throw new RecordError('resourceSpans: expected a list');
  }
  const spans: Span[] = [];
  const bad: string[] = [];
  exported.resourceSpans.forEach((resourceSpan: unknown, r) => {
    if (!isRecord(resourceSpan)) return void bad.push(`resourceSpans[${r}]: expected an object`);
    const resource = attributesOf(
      isRecord(resourceSpan.resource) ? resourceSpan.resource.attributes : [],
    );
    const scopes = Array.isArray(resourceSpan.scopeSpans) ? resourceSpan.scopeSpans : [];
    scopes.forEach((scope: unknown, s) => {
      const list = isRecord(scope) && Array.isArray(scope.spans) ? scope.spans : [];
      list.forEach((span: unknown, i) => {
        const at = `resourceSpans[${r}].scopeSpans[${s}].spans[${i}]`;
        const problem = spanProblem(span);
        if (problem !== null) return void bad.push(`${at}${problem}`);
        spans.push(spanOf(span as Record<string, unknown>, resource));
      });
    });
  });
  return { spans, bad };
}

/** Why a span cannot be placed in a trace (no object, no ids), or null. */
function spanProblem(span: unknown): string | null {
  if (!isRecord(span)) return ': expected an object';
  if (typeof span.traceId !== 'string' || span.traceId === '') {
    return '.traceId: expected a non-empty string';
  }
  if (typeof span.spanId !== 'string' || span.spanId === '') {
    return '.spanId: expected a non-empty string';
  }
  return null;
}

function spanOf(span: Record<string, unknown>, resource: Span['resource']): Span {
  const events = Array.isArray(span.events) ? span.events : [];
  return {
    traceId: span.traceId as string,
    spanId: span.spanId as string,
    parentSpanId:
      typeof span.parentSpanId === 'string' && span.parentSpanId !== '' ? span.parentSpanId : null,
    name: typeof span.name === 'string' ? span.name : '',
    start: nanos(span.startTimeUnixNano),
    end: endOf(nanos(span.startTimeUnixNano), nanos(span.endTimeUnixNano)),
    attrs: attributesOf(span.attributes),
    events: events.filter(isRecord).map((e) => ({
      name: typeof e.name === 'string' ? e.name : '',
      attrs: attributesOf(e.attributes),
    })),
    resource,
    status: span.status ?? null,
  };
}

async function* readOtel(file: string, context: ReadContext): AsyncIterable<ReadItem> {
  const text = await readTextFile(file, context);
  if (context.signal.aborted) return;
  // Traces in first-seen order, each with the line it first appears on.
  const traces = new Map<string, { line: number; spans: Span[] }>();
  /** Adds an export's spans to their traces; returns its bad spans as error items. */
  const add = ({ spans, bad }: { spans: Span[]; bad: string[] }, line: number): ReadItem[] => {
    for (const span of spans) {
      const trace = traces.get(span.traceId) ?? { line, spans: [] };
      trace.spans.push(span);
      traces.set(span.traceId, trace);
    }
    return bad.map((reason) => ({ kind: 'error', line, reason }));
  };
  let whole = /\.jsonl$/i.test(withoutCompression(file)) ? null : parseJson(text);
  if (whole !== null && !whole.ok) {
    // A .json file may hold one export per line; otherwise the document is broken.
    const first = text.split('\n').find((l) => l.trim() !== '') ?? '';
    if (!parseJson(first).ok) {
      yield { kind: 'error', line: whole.line, reason: whole.reason };
      return;
    }
    whole = null;
  }
  if (whole !== null && whole.ok) {
    try {
      yield* add(spansOf(whole.value), 1);
    } catch (error) {
      const reason = recordErrorReason(error);
      if (reason === null) throw error;
      yield { kind: 'error', line: 1, reason: reason };
      return;
    }
  } else {
    const lines = text.split('\n');
    for (const [index, raw] of lines.entries()) {
      if (raw.trim() === '') continue;
      const parsed = parseJson(raw, index + 1);
      if (!parsed.ok) {
        yield { kind: 'error', line: index + 1, reason: parsed.reason };
        continue;
      }
      try {
        yield* add(spansOf(parsed.value), index + 1);
      } catch (error) {
        const reason = recordErrorReason(error);
        if (reason === null) throw error;
        yield { kind: 'error', line: index + 1, reason: reason };
      }
    }
  }
  for (const { line, spans } of traces.values()) {
    if (context.signal.aborted) return;
    try {
      yield { kind: 'trajectory', line, trajectory: traceToTrajectory(spans, context.options) };
    } catch (error) {
      const reason = recordErrorReason(error);
      if (reason === null) throw error;
      yield { kind: 'error', line, reason: reason };
    }
  }
}

export const otelGenaiFormat: FormatReader = {
  ...formatInfo('otel-genai'),
  detect({ path: file, head }) {
    if (!/\.jsonl?$/i.test(withoutCompression(file)) || !/^\s*\{/.test(head)) return 0;
    if (!/"resourceSpans"\s*:\s*\[/.test(head)) return 0;
    return /"gen_ai\./.test(head) ? 0.9 : 0.5;
  },
  read: readOtel,
};
