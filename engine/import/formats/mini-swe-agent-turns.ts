// mini-swe-agent messages -> canonical turns. Text-mode models write one bash block per reply
// (an action without tool calls); tool-call models use OpenAI tool_calls; the final `exit`
// message (v2) becomes an environment turn carrying the exit status.
import { RecordError, type CanonicalTurn } from '../../chat/canonical';
import { isRecord, messageToTurn } from '../../chat/openai-messages';
import { addTurnMetadata } from '../../chat/raw-tool-calls';
import { exitCodeError, statusError } from '../turn-error';
import type { TurnError } from '../../../shared/model';

// mini-swe-agent's action regexes: ```mswea_bash_command (v2) and ```bash (v1, legacy).
const ACTION_BLOCK = /```(?:mswea_bash_command|bash)[ \t]*\n([\s\S]*?)\n```/g;

/** The commands of the bash blocks in a text reply. */
export function bashBlocks(text: string): string[] {
  return [...text.matchAll(ACTION_BLOCK)].map((match) => match[1] ?? '');
}

function record(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

function firstChoiceMessage(extra: Record<string, unknown>): Record<string, unknown> {
  const response = record(extra.response);
  const choices = Array.isArray(response.choices) ? response.choices : [];
  return record(record(choices[0]).message);
}

/** The commands v2 recorded for a reply (extra.actions[].command). */
function recordedActions(extra: Record<string, unknown>): string[] | null {
  if (!Array.isArray(extra.actions)) return null;
  return extra.actions
    .map((action) =>
      isRecord(action) && typeof action.command === 'string' ? action.command : null,
    )
    .filter((command): command is string => command !== null);
}

function assistantFacts(turn: CanonicalTurn, message: Record<string, unknown>): void {
  const extra = record(message.extra);
  const choiceMessage = firstChoiceMessage(extra);
  const reasoning = message.reasoning_content ?? choiceMessage.reasoning_content;
  if (turn.reasoning === null && typeof reasoning === 'string' && reasoning !== '') {
    turn.reasoning = reasoning;
  }
  const usage = record(record(extra.response).usage);
  if (typeof usage.completion_tokens === 'number') turn.n_tokens = usage.completion_tokens;
  const metadata: Record<string, unknown> = {};
  const response = record(extra.response);
  if (typeof response.id === 'string') metadata.response_id = response.id;
  if (typeof extra.cost === 'number') metadata.cost = extra.cost;
  if (typeof extra.timestamp === 'number') metadata.timestamp = extra.timestamp;
  if (turn.tool_calls.length === 0) {
    // Text actions: v2 records the parsed commands; legacy files need the regex. The agent
    // executes a reply only when it has exactly one block (otherwise it answers a format error).
    const commands = recordedActions(extra) ?? bashBlocks(turn.content);
    if (commands.length === 1) {
      turn.is_action = true;
      metadata.action = commands[0];
    } else if (commands.length > 1) {
      metadata.action_blocks = commands.length;
    }
  }
  addTurnMetadata(turn, metadata);
}

function observationFacts(turn: CanonicalTurn, message: Record<string, unknown>): void {
  const extra = record(message.extra);
  const metadata: Record<string, unknown> = {};
  // raw_output repeats the content; the rest is small.
  for (const key of ['returncode', 'exception_info', 'timestamp']) {
    if (extra[key] !== undefined && extra[key] !== '') metadata[key] = extra[key];
  }
  addTurnMetadata(turn, metadata);
  turn.error = observationError(turn.content, extra);
}

/**
 * The command's exit code: v2 records it in extra.returncode, v1 only in the observation template's
 * leading `<returncode>N</returncode>`. A non-empty exception_info (the command could not run) is
 * an error of its own.
 */
function observationError(content: string, extra: Record<string, unknown>): TurnError | null {
  const tagged = /^\s*<returncode>(-?\d+)<\/returncode>/.exec(content);
  const code = typeof extra.returncode === 'number' ? extra.returncode : Number(tagged?.[1] ?? 0);
  const failed = exitCodeError(code);
  if (failed !== null) return failed;
  const exception = extra.exception_info;
  return typeof exception === 'string' && exception !== '' ? statusError(exception) : null;
}

/** Converts the message list; user messages after the first reply are observations. */
export function miniMessagesToTurns(messages: unknown[], where: string): CanonicalTurn[] {
  let replied = false;
  return messages.map((message, index) => {
    const at = `${where}[${index}]`;
    if (!isRecord(message)) throw new RecordError(`${at}: expected a message object`);
    if (message.role === 'exit') {
      const extra = record(message.extra);
      const turn = messageToTurn({ role: 'environment', content: message.content }, at);
      turn.metadata = { exit: true, exit_status: extra.exit_status ?? null };
      return turn;
    }
    const observation = message.role === 'user' && replied;
    const turn = messageToTurn(
      {
        role: observation ? 'environment' : message.role,
        content: message.content,
        tool_calls: message.tool_calls,
        tool_call_id: message.tool_call_id,
      },
      at,
    );
    if (turn.role === 'assistant') {
      replied = true;
      assistantFacts(turn, message);
    } else if (turn.role === 'tool' || observation) {
      observationFacts(turn, message);
      if (observation) turn.metadata = { ...(turn.metadata ?? {}), original_role: 'user' };
    }
    return turn;
  });
}
