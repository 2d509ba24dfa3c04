// tau2-bench simulations -> canonical trajectories. Messages are tau2's own shape: tool calls
// {id, name, arguments (object), requestor}, tool results {id, requestor, error}, and the
// simulated user may call tools too (kept on the user turn, marked requestor 'user'). The agent's
// system prompt is not in the messages: it is the run's domain policy, added as the first turn.
import { crashedBeforeTurns } from '../crashed-record';
import { keepRawToolCalls, readToolCalls, type RawToolCall } from '../../chat/raw-tool-calls';
import type { ToolCall, TurnRole } from '../../../shared/model';
import { canonicalArguments } from '../../text/canonical-json';
import {
  plainTurn,
  RecordError,
  type CanonicalTrajectory,
  type CanonicalTurn,
} from '../../chat/canonical';
import { isRecord } from '../../chat/openai-messages';
import { statusError } from '../turn-error';
import { tau2TickTurns } from './tau2-ticks';

export interface Tau2Run {
  domain: string | null;
  model: string | null;
  userModel: string | null;
  /** info.environment_info.policy: the domain policy the agent is prompted with. */
  policy: string | null;
}

export function tau2RunInfo(results: Record<string, unknown>): Tau2Run {
  const info = isRecord(results.info) ? results.info : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const env = isRecord(info.environment_info) ? info.environment_info : {};
  const agent = isRecord(info.agent_info) ? info.agent_info : {};
  const user = isRecord(info.user_info) ? info.user_info : {};
  return {
    domain: text(env.domain_name),
    model: text(agent.llm),
    userModel: text(user.llm),
    policy: text(env.policy),
  };
}

const ROLES: Record<string, TurnRole> = {
  system: 'system',
  user: 'user',
  assistant: 'assistant',
  tool: 'tool',
};

interface Calls {
  calls: ToolCall[];
  requestors: string[];
  raw: RawToolCall[];
}

/** A message's calls; one saved as JSON text is decoded, or kept raw (raw-tool-calls.ts). */
function calls(value: unknown, where: string): Calls {
  const read = readToolCalls(value, where, (call, at, index) => {
    if (typeof call.name !== 'string' || call.name === '') {
      throw new RecordError(`${at}.name: expected a non-empty string`);
    }
    return {
      requestor: typeof call.requestor === 'string' ? call.requestor : 'assistant',
      call: {
        id: typeof call.id === 'string' && call.id !== '' ? call.id : `call_${index}`,
        name: call.name,
        arguments: canonicalArguments(call.arguments),
      },
    };
  });
  return {
    calls: read.calls.map((entry) => entry.call),
    requestors: read.calls.map((entry) => entry.requestor),
    raw: read.raw,
  };
}

/** One tau2 message as turns (a MultiToolMessage gives one tool turn per result). */
export function tau2MessageTurns(message: unknown, where: string): CanonicalTurn[] {
  if (!isRecord(message)) throw new RecordError(`${where}: expected a message object`);
  // MultiToolMessage bundles several tool results.
  if (message.role === 'tool' && Array.isArray(message.tool_messages)) {
    return message.tool_messages.flatMap((inner, index) =>
      tau2MessageTurns(inner, `${where}.tool_messages[${index}]`),
    );
  }
  const role = typeof message.role === 'string' ? ROLES[message.role] : undefined;
  if (role === undefined) {
    throw new RecordError(`${where}.role: unknown role ${JSON.stringify(message.role)}`);
  }
  if (message.content !== null && message.content !== undefined) {
    if (typeof message.content !== 'string') {
      throw new RecordError(`${where}.content: expected a string or null`);
    }
  }
  const callsWhere = `${where}.tool_calls`;
  const { calls: toolCalls, requestors, raw } = calls(message.tool_calls, callsWhere);
  const metadata: Record<string, unknown> = {};
  if (typeof message.turn_idx === 'number') metadata.turn_idx = message.turn_idx;
  if (role === 'user' && toolCalls.length > 0) metadata.requestor = 'user';
  if (role === 'assistant' && requestors.some((r) => r !== 'assistant')) {
    metadata.requestors = requestors;
  }
  if (role === 'tool') {
    metadata.requestor = typeof message.requestor === 'string' ? message.requestor : 'assistant';
    if (message.error === true) metadata.error = true;
  }
  const turn: CanonicalTurn = {
    role,
    content: typeof message.content === 'string' ? message.content : '',
    reasoning: null,
    tool_calls: toolCalls,
    tool_call_id: role === 'tool' && typeof message.id === 'string' ? message.id : null,
    // A user's tool call acts on the user's device, not the agent's environment.
    is_action: role === 'assistant' && toolCalls.length > 0,
    n_tokens: null,
    logprobs: null,
    metadata: Object.keys(metadata).length > 0 ? metadata : null,
    // tau2's ToolMessage.error: the environment answered the call with an error.
    error:
      role === 'tool' && message.error === true ? statusError(String(message.content ?? '')) : null,
  };
  keepRawToolCalls(turn, raw, callsWhere);
  return [turn];
}

function numberOrNull(value: unknown, where: string): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new RecordError(`${where}: expected a number`);
}

/**
 * The policy as the agent's system turn, unless the messages already open with one. A simulation's
 * own `policy` (knowledge domain) replaces the run's. tau2's LLMAgent wraps the policy in its
 * instructions template, which the results do not record: the policy is imported as written.
 */
function systemTurn(raw: Record<string, unknown>, run: Tau2Run): CanonicalTurn | null {
  const own = typeof raw.policy === 'string' && raw.policy !== '' ? raw.policy : null;
  const policy = own ?? run.policy;
  if (policy === null || policy === '') return null;
  const source = own !== null ? 'policy' : 'info.environment_info.policy';
  return { ...plainTurn('system', policy), metadata: { source } };
}

/**
 * A text simulation's messages; a full-duplex (voice) one's ticks, unless it kept messages too
 * (tau2's leaderboard trim drops the ticks and keeps the messages derived from them).
 */
function simulationTurns(raw: Record<string, unknown>): CanonicalTurn[] {
  if (!Array.isArray(raw.messages) && Array.isArray(raw.ticks)) {
    const turns = tau2TickTurns(raw.ticks);
    if (turns.length === 0) throw new RecordError('ticks: nobody speaks or calls a tool');
    return turns;
  }
  if (!Array.isArray(raw.messages)) throw new RecordError('messages: expected a list');
  const turns = raw.messages.flatMap((m, i) => tau2MessageTurns(m, `messages[${i}]`));
  if (turns.length === 0 && !crashed(raw)) {
    throw new RecordError('messages: the simulation has no messages');
  }
  return turns;
}

export function tau2Simulation(raw: unknown, run: Tau2Run, index: number): CanonicalTrajectory {
  if (!isRecord(raw)) throw new RecordError('expected a simulation object');
  const rawTask = raw.task_id;
  if (typeof rawTask !== 'string' && typeof rawTask !== 'number') {
    throw new RecordError('task_id: expected a string or a number');
  }
  const taskId = run.domain ? `${run.domain}/${String(rawTask)}` : String(rawTask);
  const turns = simulationTurns(raw);
  // A simulation that failed before any message stays empty: no policy turn for a run not held.
  const system = turns.length === 0 || turns[0]?.role === 'system' ? null : systemTurn(raw, run);
  if (system !== null) turns.unshift(system);
  const rewardInfo = isRecord(raw.reward_info) ? raw.reward_info : null;
  const reward = numberOrNull(rewardInfo?.reward, 'reward_info.reward');
  const trial = numberOrNull(raw.trial, 'trial');
  const metadata: Record<string, unknown> = { domain: run.domain, user_model: run.userModel };
  for (const key of [
    'id',
    'task_id',
    'seed',
    'mode',
    'termination_reason',
    'reward_info',
    'agent_cost',
    'user_cost',
    'duration',
    'start_time',
    'end_time',
  ]) {
    if (raw[key] !== undefined && raw[key] !== null) metadata[key] = raw[key];
  }
  Object.assign(metadata, crashFacts(raw));
  return {
    source_id:
      typeof raw.id === 'string' && raw.id !== '' ? raw.id : `${taskId}:trial${trial ?? index}`,
    task_id: taskId,
    group_id: taskId,
    sample_index: trial,
    model: run.model,
    reward,
    // tau2 states no verdict of its own: the dataset's outcome rule decides (reward >= 1 by default).
    success: null,
    metadata: metadata as Record<string, unknown>,
    tools: null,
    turns,
  };
}

/**
 * tau2 records a simulation that failed for good (retries exhausted, a worker lost) as
 * `termination_reason: infrastructure_error` with no messages and `info.error`: kept with 0 turns.
 */
function crashed(raw: Record<string, unknown>): boolean {
  const info = isRecord(raw.info) ? raw.info : null;
  return crashedBeforeTurns(raw.messages, info?.error);
}

/** The error facts of a failed simulation, for its metadata (none for one that ran). */
function crashFacts(raw: Record<string, unknown>): Record<string, unknown> {
  const info = isRecord(raw.info) ? raw.info : null;
  if (info === null || info.error === undefined || info.error === null) return {};
  const facts: Record<string, unknown> = { error: info.error };
  if (typeof info.error_type === 'string') facts.error_type = info.error_type;
  if (typeof info.error_traceback === 'string') facts.traceback = info.error_traceback;
  return facts;
}
