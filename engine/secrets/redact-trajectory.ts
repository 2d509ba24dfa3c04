// Import-time redaction of one trajectory: every field that carries text a harness or an agent
// wrote (system prompts, messages, reasoning, tool-call arguments, tool outputs, turn errors, tool
// descriptions, metadata). Ids, task ids and model names are kept: they key groups and joins.
// Values the task's own prompt holds are the task's (task-values.ts). A turn whose text changed
// loses its stored token ids and log-probs, which encode the secret too.
import type { CanonicalTrajectory, CanonicalTurn } from '../chat/canonical';
import {
  redactJson,
  redactJsonText,
  redactText,
  type KindCounts,
  type TaskValueTest,
} from './redact';
import { forgetScannedTexts } from './secret-scanner';
import { taskValueTest } from './task-prompt';

/** Where a redaction was made; a turn's content is named by the turn's role. */
export const REDACTED_FIELDS = [
  'system_prompt',
  'user_message',
  'assistant_message',
  'tool_output',
  'environment_message',
  'reasoning',
  'tool_arguments',
  'turn_error',
  'turn_metadata',
  'trajectory_metadata',
  'tool_descriptions',
] as const;
export type RedactedField = (typeof REDACTED_FIELDS)[number];

export interface Redaction {
  /** Null for trajectory-level fields (metadata, tool descriptions). */
  turn_index: number | null;
  field: RedactedField;
  kind: string;
  count: number;
}

const CONTENT_FIELD: Record<CanonicalTurn['role'], RedactedField> = {
  system: 'system_prompt',
  user: 'user_message',
  assistant: 'assistant_message',
  tool: 'tool_output',
  environment: 'environment_message',
};

function record(
  redactions: Redaction[],
  turnIndex: number | null,
  field: RedactedField,
  kinds: ReadonlyMap<string, number>,
): void {
  for (const [kind, n] of kinds) redactions.push({ turn_index: turnIndex, field, kind, count: n });
}

function redactTurn(
  turn: CanonicalTurn,
  index: number,
  redactions: Redaction[],
  isTaskValue: TaskValueTest,
): CanonicalTurn {
  const content: KindCounts = new Map();
  const reasoning: KindCounts = new Map();
  const args: KindCounts = new Map();
  const metadata: KindCounts = new Map();
  const error: KindCounts = new Map();
  const out: CanonicalTurn = {
    ...turn,
    content: redactText(turn.content, content, isTaskValue),
    reasoning: turn.reasoning === null ? null : redactText(turn.reasoning, reasoning, isTaskValue),
    tool_calls: turn.tool_calls.map((call) => ({
      ...call,
      arguments: redactJsonText(call.arguments, args, isTaskValue),
    })),
  };
  if (turn.metadata != null) {
    out.metadata = redactJson(turn.metadata, metadata, isTaskValue) as Record<string, unknown>;
  }
  // An error's message often repeats the command or output that failed, secrets included.
  if (turn.error?.message != null) {
    out.error = { ...turn.error, message: redactText(turn.error.message, error, isTaskValue) };
  }
  record(redactions, index, CONTENT_FIELD[turn.role], content);
  record(redactions, index, 'reasoning', reasoning);
  record(redactions, index, 'tool_arguments', args);
  record(redactions, index, 'turn_metadata', metadata);
  record(redactions, index, 'turn_error', error);
  // Stored tokens spell out what the text said; they no longer match the redacted text.
  if (out.logprobs !== null && content.size + reasoning.size + args.size > 0) out.logprobs = null;
  return out;
}

/**
 * Redacted tool descriptions by their JSON text. Every trajectory of a dataset usually carries the
 * same tools, often kilobytes of schemas, so they are walked once; the redacted value is shared
 * by every trajectory that had them (read it, do not change it: prepared-trajectory.ts keys its
 * serialised text on it). Bounded: it starts afresh past TOOLS_KEPT distinct lists or
 * TOOLS_CHARS characters.
 */
const TOOLS_KEPT = 256;
const TOOLS_CHARS = 16_000_000;
interface RedactedTools {
  tools: unknown[];
  kinds: ReadonlyMap<string, number>;
}
const toolsSeen = new Map<string, RedactedTools>();
let toolsChars = 0;

/** The list redacted last, as it came: the next trajectory's is usually equal to it. */
let lastTools: { tools: unknown[]; redacted: RedactedTools } | null = null;

/**
 * Whether two parsed JSON values would serialise to the same text (keys in the same order), found
 * without serialising them: comparing with the last list costs less than its JSON text.
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameJson(item, b[index]));
  }
  const keys = Object.keys(a);
  const other = Object.keys(b);
  if (keys.length !== other.length) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  return keys.every((key, index) => key === other[index] && sameJson(left[key], right[key]));
}

function redactTools(tools: unknown[]): RedactedTools {
  if (lastTools !== null && sameJson(tools, lastTools.tools)) return lastTools.redacted;
  const redacted = redactToolsByText(tools);
  lastTools = { tools, redacted };
  return redacted;
}

function redactToolsByText(tools: unknown[]): RedactedTools {
  const key = JSON.stringify(tools);
  const seen = toolsSeen.get(key);
  if (seen !== undefined) return seen;
  const kinds: KindCounts = new Map();
  const redacted = { tools: redactJson(tools, kinds) as unknown[], kinds };
  if (toolsSeen.size >= TOOLS_KEPT || toolsChars + key.length > TOOLS_CHARS) {
    toolsSeen.clear();
    toolsChars = 0;
  }
  toolsSeen.set(key, redacted);
  toolsChars += key.length;
  return redacted;
}

/**
 * Drops the texts and tool lists kept from earlier trajectories; returns how many there were.
 * An import calls it when it ends: inputs under the reading threads' threshold are read on the
 * engine's own thread, whose memory would otherwise hold them until the next import.
 */
export function forgetRepeatedTexts(): number {
  const kept = toolsSeen.size;
  toolsSeen.clear();
  lastTools = null;
  toolsChars = 0;
  return kept + forgetScannedTexts();
}

/** The trajectory with every secret replaced, and what was replaced where. */
export function redactTrajectory(trajectory: CanonicalTrajectory): {
  trajectory: CanonicalTrajectory;
  redactions: Redaction[];
} {
  const redactions: Redaction[] = [];
  const metadata: KindCounts = new Map();
  const isTaskValue = taskValueTest(trajectory.turns);
  const tools = trajectory.tools === null ? null : redactTools(trajectory.tools);
  const out: CanonicalTrajectory = {
    ...trajectory,
    metadata:
      trajectory.metadata === null
        ? null
        : (redactJson(trajectory.metadata, metadata, isTaskValue) as Record<string, unknown>),
    tools: tools?.tools ?? null,
    turns: trajectory.turns.map((turn, index) => redactTurn(turn, index, redactions, isTaskValue)),
  };
  record(redactions, null, 'trajectory_metadata', metadata);
  if (tools !== null) record(redactions, null, 'tool_descriptions', tools.kinds);
  return { trajectory: out, redactions };
}
