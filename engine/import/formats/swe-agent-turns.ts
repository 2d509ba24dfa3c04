// SWE-agent `.traj` -> canonical turns: from `history` (what the model saw and said, demos
// excluded) when present, else from `trajectory` steps (thought + action, then observation).
// Pairing the steps with a history is in swe-agent-steps.ts.
import { RecordError, type CanonicalTurn, plainTurn } from '../../chat/canonical';
import { isRecord, messageToTurn } from '../../chat/openai-messages';
import { addTurnMetadata } from '../../chat/raw-tool-calls';

/** An assistant turn of the history with the message it came from (to pair it with a step). */
export interface HistoryReply {
  turn: CanonicalTurn;
  message: Record<string, unknown>;
}

export interface SweAgentTurns {
  turns: CanonicalTurn[];
  /** Demonstration messages (`is_demo`) left out of the turns. */
  demoSkipped: number;
  from: 'history' | 'trajectory';
  /** The assistant turns of the history, in order (empty when built from the trajectory). */
  replies: HistoryReply[];
}

function isDemo(message: Record<string, unknown>): boolean {
  const flag = message.is_demo;
  return flag === true || flag === 'True' || flag === 'true';
}

function optionalText(value: unknown, where: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  throw new RecordError(`${where}: expected a string`);
}

/** A 0.x state is a JSON string; 1.x a dict. Unparsable strings are kept as text. */
export function parseState(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value.trim();
  }
}

function reasoningOf(message: Record<string, unknown>): string | null {
  if (typeof message.reasoning_content === 'string') return message.reasoning_content;
  // 1.x Anthropic runs keep extended thinking as [{type: 'thinking', thinking}].
  if (Array.isArray(message.thinking_blocks)) {
    const text = message.thinking_blocks
      .map((block) => (isRecord(block) && typeof block.thinking === 'string' ? block.thinking : ''))
      .filter((part) => part !== '')
      .join('\n');
    return text === '' ? null : text;
  }
  return null;
}

function historyTurn(
  message: Record<string, unknown>,
  where: string,
  observationRole: 'environment' | 'user',
): CanonicalTurn {
  const role = message.role;
  const ids = message.tool_call_ids;
  const toolCallIds = Array.isArray(ids) ? ids.filter((id) => typeof id === 'string') : [];
  const normalized = {
    role: role === 'user' ? observationRole : role,
    content: message.content,
    // Some writers stored the list as JSON text: messageToTurn decodes it.
    tool_calls: message.tool_calls,
    tool_call_id: message.tool_call_id ?? toolCallIds[0] ?? null,
  };
  const turn = messageToTurn(normalized, where);
  const metadata: Record<string, unknown> = {};
  if (typeof message.agent === 'string') metadata.agent = message.agent;
  if (typeof message.message_type === 'string') metadata.message_type = message.message_type;
  if (toolCallIds.length > 1) metadata.tool_call_ids = toolCallIds;
  if (role === 'user' && observationRole === 'environment') metadata.original_role = 'user';
  if (turn.role === 'assistant') {
    turn.reasoning = reasoningOf(message);
    const action = optionalText(message.action, `${where}.action`);
    // Text commands (0.x) are actions without tool calls; the command goes to metadata.action.
    if (action !== null && action.trim() !== '') {
      turn.is_action = true;
      metadata.action = action.replace(/\n+$/, '');
    }
  }
  addTurnMetadata(turn, metadata);
  return turn;
}

/** Turns from `history`; user messages after the model's first reply are observations. */
export function historyTurns(history: unknown[]): SweAgentTurns {
  const turns: CanonicalTurn[] = [];
  const replies: HistoryReply[] = [];
  let demoSkipped = 0;
  let replied = false;
  history.forEach((message, index) => {
    const where = `history[${index}]`;
    if (!isRecord(message)) throw new RecordError(`${where}: expected a message object`);
    if (isDemo(message)) {
      demoSkipped += 1;
      return;
    }
    const turn = historyTurn(message, where, replied ? 'environment' : 'user');
    if (turn.role === 'assistant') {
      replied = true;
      replies.push({ turn, message });
    }
    turns.push(turn);
  });
  return { turns, demoSkipped, from: 'history', replies };
}

/** Step facts worth keeping on the assistant turn (never the per-step `query` message copy). */
export function stepMetadata(step: Record<string, unknown>): Record<string, unknown> {
  const metadata: Record<string, unknown> = {};
  if (step.state !== undefined) metadata.state = parseState(step.state);
  if (typeof step.execution_time === 'number') metadata.execution_time = step.execution_time;
  return metadata;
}

/** The assistant turn (thought + action) and the observation turn of one trajectory step. */
export function stepTurns(step: unknown, where: string): CanonicalTurn[] {
  if (!isRecord(step)) throw new RecordError(`${where}: expected a step object`);
  const response = optionalText(step.response, `${where}.response`);
  const thought = optionalText(step.thought, `${where}.thought`);
  const action = optionalText(step.action, `${where}.action`);
  const observation = optionalText(step.observation, `${where}.observation`);
  // 1.x leaves `response` empty on some steps; the thought is then the best text.
  const assistant = plainTurn('assistant', response || thought || '');
  const metadata = stepMetadata(step);
  if (action !== null && action.trim() !== '') {
    assistant.is_action = true;
    metadata.action = action.replace(/\n+$/, '');
  }
  assistant.metadata = metadata;
  return observation === null ? [assistant] : [assistant, plainTurn('environment', observation)];
}

/** Turns from `trajectory` steps, for files without a history. */
export function trajectoryTurns(trajectory: unknown[]): SweAgentTurns {
  const turns = trajectory.flatMap((step, index) => stepTurns(step, `trajectory[${index}]`));
  return { turns, demoSkipped: 0, from: 'trajectory', replies: [] };
}
