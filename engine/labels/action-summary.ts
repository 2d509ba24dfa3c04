// A one-line summary of an action turn for the segment list: `tool(key=value, ...)` per call, or
// the start of its text for actions without tool calls.
import type { ToolCall } from '../../shared/model';
import { normalizeWhitespace } from '../../shared/segments';

const VALUE_CHARS = 60;
const SUMMARY_CHARS = 200;

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function describeArguments(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return cut(normalizeWhitespace(text), VALUE_CHARS);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return cut(JSON.stringify(value), VALUE_CHARS);
  return Object.entries(value as Record<string, unknown>)
    .map(([key, inner]) => `${key}=${cut(normalizeWhitespace(JSON.stringify(inner)), VALUE_CHARS)}`)
    .join(', ');
}

export function summarizeAction(
  calls: readonly Pick<ToolCall, 'name' | 'arguments'>[],
  content: string,
) {
  if (calls.length === 0) {
    const text = normalizeWhitespace(content);
    return text === '' ? '(no action text)' : cut(text, SUMMARY_CHARS);
  }
  return cut(
    calls.map((call) => `${call.name}(${describeArguments(call.arguments)})`).join('; '),
    SUMMARY_CHARS,
  );
}
