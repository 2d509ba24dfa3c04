// A trajectory's turns as OpenAI/TRL-style chat messages, read from tw_all_turns (imported and
// attached datasets alike): the agent's conversation, so a simulated user's tool calls and their
// results are left out (agent-view.ts). Every object is built with a fixed key order, so the JSON
// written from it is byte-stable.
import * as z from 'zod';
import { canonicalJson } from '../text/canonical-json';
import { redactJson, type KindCounts } from '../secrets/redact';
import type { Workspace } from '../store/workspace';
import { userSideTurns, type LeftOutTurn } from './agent-view';
import type { SelectedTrajectory } from './selection';
import { idBatch } from '../store/id-batch';
import { sql } from '../store/sql-template';
import type { REASONING_MODES } from '../../shared/api-export';
import { toolSchemasOf, type ToolSchema } from '../chat/tool-schemas';

type ReasoningMode = (typeof REASONING_MODES)[number];

export interface ChatToolCall {
  type: 'function';
  function: { name: string; arguments: Record<string, unknown> };
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string; reasoning_content?: string; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; name?: string; content: string };

export type { ToolSchema };

export interface LoadedTrajectory extends SelectedTrajectory {
  /** The tool schemas the importer stored (JSON text), or null. */
  tools: string | null;
  messages: ChatMessage[];
  /** The turn (its position in the trajectory) of each message; absent: one message per turn. */
  message_turns?: number[];
  /** The turns left out of the messages, one entry per reason (a user-side tool call). */
  left_out?: LeftOutTurn[];
  tool_schemas: ToolSchema[];
  /** Per message, its turn's segment credit total; only for targets that need it. */
  message_credit?: (number | null)[];
}

/** The message a turn became, or null when the turn was left out. */
export function messageIndexOfTurn(trajectory: LoadedTrajectory, turn: number): number | null {
  if (trajectory.message_turns === undefined) return turn;
  const index = trajectory.message_turns.indexOf(turn);
  return index < 0 ? null : index;
}

interface StoredCall {
  id?: string;
  name?: string;
  arguments?: string;
}

/** Arguments are canonical JSON text; TRL wants an object, so other values are wrapped. */
function argumentsObject(text: string | undefined): Record<string, unknown> {
  let value: unknown = {};
  try {
    value = JSON.parse(text ?? '{}');
  } catch {
    value = text;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return value as Record<string, unknown>;
  }
  return { input: value };
}

interface StoredTurn {
  role: string;
  content: string;
  /** The assistant's reasoning, when the source kept it and the export keeps it. */
  reasoning?: string | null;
  /** JSON text: [{id, name, arguments (canonical JSON text)}]. */
  tool_calls: string;
  tool_call_id: string | null;
}

export interface AgentMessages {
  messages: ChatMessage[];
  /** The turn position of each message. */
  message_turns: number[];
  left_out: LeftOutTurn[];
}

export function messagesOf(turns: StoredTurn[]): AgentMessages {
  const calls = turns.map((turn) => JSON.parse(turn.tool_calls) as StoredCall[]);
  const { hidden, left_out } = userSideTurns(
    turns.map((turn, i) => ({
      role: turn.role,
      call_ids: (calls[i] ?? []).map((call) => call.id),
      tool_call_id: turn.tool_call_id,
    })),
  );
  // Only the agent's calls name tool results: a user's call is never a result's name.
  const callNames = new Map<string, string>();
  let lastCallName: string | undefined;
  const messages: ChatMessage[] = [];
  const messageTurns: number[] = [];
  turns.forEach((turn, position) => {
    if (hidden.has(position)) return;
    messageTurns.push(position);
    if (turn.role === 'assistant') {
      const turnCalls = calls[position] ?? [];
      const message: ChatMessage = { role: 'assistant', content: turn.content };
      if (typeof turn.reasoning === 'string' && turn.reasoning !== '') {
        message.reasoning_content = turn.reasoning;
      }
      if (turnCalls.length > 0) {
        message.tool_calls = turnCalls.map((call) => {
          const name = call.name ?? '';
          if (call.id !== undefined) callNames.set(call.id, name);
          lastCallName = name;
          return {
            type: 'function',
            function: { name, arguments: argumentsObject(call.arguments) },
          };
        });
      }
      messages.push(message);
    } else if (turn.role === 'tool') {
      const name =
        turn.tool_call_id !== null
          ? (callNames.get(turn.tool_call_id) ?? lastCallName)
          : lastCallName;
      messages.push(
        name === undefined
          ? { role: 'tool', content: turn.content }
          : { role: 'tool', name, content: turn.content },
      );
    } else if (turn.role === 'system') {
      messages.push({ role: 'system', content: turn.content });
    } else {
      // user, and environment observations that answer no tool call: the model sees them as input.
      messages.push({ role: 'user', content: turn.content });
    }
  });
  return { messages, message_turns: messageTurns, left_out };
}

/** The functions the assistant calls, in order of first call. */
function calledNames(messages: ChatMessage[]): string[] {
  return messages.flatMap((m) =>
    m.role === 'assistant' ? (m.tool_calls ?? []).map((call) => call.function.name) : [],
  );
}

/** One schema per tool name, the first given winning, in the order first seen. */
export function firstSchemaByName(schemas: readonly ToolSchema[]): ToolSchema[] {
  const byName = new Map<string, ToolSchema>();
  for (const schema of schemas) {
    if (!byName.has(schema.function.name)) byName.set(schema.function.name, schema);
  }
  return [...byName.values()];
}

/** The tool schemas of several trajectories, one per name (the first trajectory's wins). */
export function mergedToolSchemas(trajectories: readonly LoadedTrajectory[]): ToolSchema[] {
  return firstSchemaByName(trajectories.flatMap((t) => t.tool_schemas));
}

/** A turn as an export reads it from tw_all_turns (tool calls as their JSON text). */
const StoredTurnRow = z.object({
  trajectory_id: z.string(),
  role: z.string(),
  content: z.string(),
  reasoning: z.string().nullable(),
  tool_calls: z.string(),
  tool_call_id: z.string().nullable(),
});

/** A trajectory's tool schemas as the importer stored them (JSON text), or null. */
const ToolsRow = z.object({ trajectory_id: z.string(), tools: z.string().nullable() });

/** Loads the turns of some trajectories (one query), in turn order. */
export async function loadTrajectories(
  workspace: Workspace,
  selected: SelectedTrajectory[],
  reasoning: ReasoningMode = 'keep',
): Promise<Map<string, LoadedTrajectory>> {
  const loaded = new Map<string, LoadedTrajectory>();
  if (selected.length === 0) return loaded;
  const batch = idBatch(
    'trajectory_id',
    selected.map((t) => t.trajectory_id),
  );
  const rows = await workspace.queryAs(
    StoredTurnRow,
    sql`SELECT trajectory_id, role, content, reasoning, tool_calls::VARCHAR AS tool_calls,
          tool_call_id
        FROM tw_all_turns WHERE ${batch} ORDER BY trajectory_id, turn_index`,
  );
  // Tool schemas are read per batch, not kept for the whole selection: with 100k trajectories
  // they were most of an export's memory.
  const toolRows = await workspace.queryAs(
    ToolsRow,
    sql`SELECT trajectory_id, tools::VARCHAR AS tools FROM tw_trajectories WHERE ${batch}`,
  );
  const tools = new Map(toolRows.map((row) => [row.trajectory_id, row.tools]));
  const byId = new Map<string, StoredTurn[]>();
  for (const { trajectory_id: id, ...turn } of rows) {
    const list = byId.get(id) ?? [];
    list.push({ ...turn, reasoning: reasoning === 'keep' ? turn.reasoning : null });
    byId.set(id, list);
  }
  for (const trajectory of selected) {
    const { messages, message_turns, left_out } = messagesOf(
      byId.get(trajectory.trajectory_id) ?? [],
    );
    loaded.set(trajectory.trajectory_id, {
      ...trajectory,
      messages,
      message_turns,
      left_out,
      tools: tools.get(trajectory.trajectory_id) ?? null,
      tool_schemas: toolSchemasOf(
        tools.get(trajectory.trajectory_id) ?? null,
        calledNames(messages),
      ),
    });
  }
  return loaded;
}

/**
 * An assistant message's text with its reasoning in front as `<think>` (the convention of
 * templates that read reasoning from the content: LLaMA-Factory's and ms-swift's).
 */
export function contentWithThinking(message: {
  content: string;
  reasoning_content?: string;
}): string {
  return message.reasoning_content === undefined
    ? message.content
    : `<think>\n${message.reasoning_content}\n</think>\n\n${message.content}`;
}

/** The leading system/user messages (before the first assistant turn), and the rest. */
export function splitPrompt(messages: ChatMessage[]): {
  prompt: ChatMessage[];
  rest: ChatMessage[];
} {
  const first = messages.findIndex((m) => m.role === 'assistant');
  if (first < 0) return { prompt: messages, rest: [] };
  return { prompt: messages.slice(0, first), rest: messages.slice(first) };
}

/** A message whose tool-call arguments are JSON text instead of objects (for Parquet targets). */
export type ChatMessageWithArgumentText =
  | Exclude<ChatMessage, { role: 'assistant' }>
  | {
      role: 'assistant';
      content: string;
      reasoning_content?: string;
      tool_calls?: { type: 'function'; function: { name: string; arguments: string } }[];
    };

/**
 * The messages with each tool call's arguments as canonical JSON text: Parquet gives every
 * struct in a column one schema, so objects of different shapes would come back null-filled.
 */
export function withArgumentText(messages: ChatMessage[]): ChatMessageWithArgumentText[] {
  return messages.map((message) => {
    if (message.role !== 'assistant') return message;
    const reasoning =
      message.reasoning_content === undefined
        ? {}
        : { reasoning_content: message.reasoning_content };
    if (message.tool_calls === undefined) {
      return { role: 'assistant', content: message.content, ...reasoning };
    }
    return {
      role: 'assistant',
      content: message.content,
      ...reasoning,
      tool_calls: message.tool_calls.map((call) => ({
        type: 'function',
        function: { name: call.function.name, arguments: canonicalJson(call.function.arguments) },
      })),
    };
  });
}

/**
 * Tool schemas with `parameters` as JSON text, for the formats where Arrow or Parquet would
 * null-fill differently shaped objects. The text of the very object the chat targets write, so a
 * decoded schema renders as theirs does, key order included.
 */
export function toolsWithParameterText(tools: ToolSchema[]): Record<string, unknown>[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.function.name,
      description: tool.function.description,
      parameters: JSON.stringify(tool.function.parameters),
    },
  }));
}

/**
 * The schemas a record embeds as text (a system message, token ids), with their secrets replaced
 * when the trajectory's dataset was not redacted at import: the record-level scan cannot see a
 * secret once it is escaped inside JSON text.
 */
export function schemasToEmbed(
  trajectory: LoadedTrajectory,
  scan: ReadonlySet<string>,
  found: KindCounts,
): ToolSchema[] {
  if (!scan.has(trajectory.trajectory_id)) return trajectory.tool_schemas;
  return redactJson(trajectory.tool_schemas, found) as ToolSchema[];
}
