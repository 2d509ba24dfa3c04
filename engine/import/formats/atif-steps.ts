// ATIF steps -> canonical turns: agent steps are assistant turns (tool calls, reasoning, per-token
// log-probs from metrics), their observation results follow as tool turns.
import type { TurnRole } from '../../../shared/model';
import { canonicalArguments } from '../../text/canonical-json';
import {
  RecordError,
  type CanonicalTurn,
  type TokenLogprobs,
  plainTurn,
} from '../../chat/canonical';
import { contentText, isRecord } from '../../chat/openai-messages';
import { tokenList } from '../../chat/token-lists';
import {
  addTurnMetadata,
  decodedToolCall,
  keepRawToolCalls,
  type RawToolCall,
} from '../../chat/raw-tool-calls';

const SOURCES: Record<string, TurnRole> = { system: 'system', user: 'user', agent: 'assistant' };
const KEPT_METRICS = ['prompt_tokens', 'completion_tokens', 'cached_tokens', 'cost_usd', 'extra'];

function logprobsOf(metrics: Record<string, unknown>, where: string): TokenLogprobs | null {
  const ids = tokenList(metrics.completion_token_ids, `${where}.completion_token_ids`, 'ids');
  const logps = tokenList(metrics.logprobs, `${where}.logprobs`, 'logprobs');
  if (ids === null && logps === null) return null;
  if (ids !== null && logps !== null && ids.length !== logps.length) {
    throw new RecordError(
      `${where}: completion_token_ids and logprobs differ in length (${ids.length} vs ${logps.length})`,
    );
  }
  return { token_ids: ids, logp_policy: logps, logp_ref: null };
}

function agentTurn(step: Record<string, unknown>, where: string): CanonicalTurn {
  const out = plainTurn('assistant', contentText(step.message, `${where}.message`));
  if (typeof step.reasoning_content === 'string') out.reasoning = step.reasoning_content;
  const calls = step.tool_calls ?? [];
  if (!Array.isArray(calls)) throw new RecordError(`${where}.tool_calls: expected a list`);
  const raw: RawToolCall[] = [];
  calls.forEach((entry, index) => {
    const at = `${where}.tool_calls[${index}]`;
    const decoded = decodedToolCall(entry, index);
    if (!decoded.ok) return void raw.push(decoded.raw);
    const call = decoded.value;
    if (!isRecord(call)) throw new RecordError(`${at}: expected an object`);
    if (typeof call.function_name !== 'string' || call.function_name === '') {
      throw new RecordError(`${at}.function_name: expected a non-empty string`);
    }
    const id = typeof call.tool_call_id === 'string' ? call.tool_call_id : `call_${index}`;
    out.tool_calls.push({
      id,
      name: call.function_name,
      arguments: canonicalArguments(call.arguments),
    });
  });
  out.is_action = out.tool_calls.length > 0;
  keepRawToolCalls(out, raw, `${where}.tool_calls`);
  if (isRecord(step.metrics)) {
    out.logprobs = logprobsOf(step.metrics, `${where}.metrics`);
    const completion = step.metrics.completion_tokens;
    out.n_tokens =
      out.logprobs?.token_ids?.length ??
      (typeof completion === 'number' && Number.isInteger(completion) ? completion : null);
  }
  return out;
}

function stepMetadata(step: Record<string, unknown>): Record<string, unknown> {
  const metadata: Record<string, unknown> = { step_id: step.step_id };
  for (const key of ['timestamp', 'model_name', 'is_copied_context', 'llm_call_count', 'extra']) {
    if (step[key] !== undefined && step[key] !== null) metadata[key] = step[key];
  }
  if (isRecord(step.metrics)) {
    const metrics: Record<string, unknown> = {};
    for (const key of KEPT_METRICS) {
      if (step.metrics[key] !== undefined) metrics[key] = step.metrics[key];
    }
    if (Array.isArray(step.metrics.prompt_token_ids)) {
      metrics.n_prompt_token_ids = step.metrics.prompt_token_ids.length;
    }
    metadata.metrics = metrics;
  }
  return metadata;
}

/** The tool (or environment) turns of a step's observation. */
function observationTurns(
  step: Record<string, unknown>,
  calls: CanonicalTurn['tool_calls'],
  where: string,
): CanonicalTurn[] {
  if (step.observation === undefined || step.observation === null) return [];
  if (!isRecord(step.observation))
    throw new RecordError(`${where}.observation: expected an object`);
  const results = step.observation.results ?? [];
  if (!Array.isArray(results))
    throw new RecordError(`${where}.observation.results: expected a list`);
  return results.map((result, index) => {
    const at = `${where}.observation.results[${index}]`;
    if (!isRecord(result)) throw new RecordError(`${at}: expected an object`);
    // Without source_call_id, results pair with calls by position when the counts agree.
    const paired = results.length === calls.length ? calls[index]?.id : undefined;
    const callId = typeof result.source_call_id === 'string' ? result.source_call_id : paired;
    const out = plainTurn(
      calls.length > 0 ? 'tool' : 'environment',
      contentText(result.content, `${at}.content`),
    );
    out.tool_call_id = callId ?? null;
    const metadata: Record<string, unknown> = { step_id: step.step_id };
    if (result.subagent_trajectory_ref != null) {
      metadata.subagent_trajectory_ref = result.subagent_trajectory_ref;
    }
    out.metadata = metadata;
    return out;
  });
}

export function stepsToTurns(steps: unknown, where: string): CanonicalTurn[] {
  if (!Array.isArray(steps)) throw new RecordError(`${where}: expected a list of steps`);
  if (steps.length === 0) throw new RecordError(`${where}: the trajectory has no steps`);
  return steps.flatMap((step, index) => {
    const at = `${where}[${index}]`;
    if (!isRecord(step)) throw new RecordError(`${at}: expected a step object`);
    const role = typeof step.source === 'string' ? SOURCES[step.source] : undefined;
    if (role === undefined) {
      throw new RecordError(`${at}.source: unknown source ${JSON.stringify(step.source)}`);
    }
    const main =
      role === 'assistant'
        ? agentTurn(step, at)
        : plainTurn(role, contentText(step.message, `${at}.message`));
    addTurnMetadata(main, stepMetadata(step));
    return [main, ...observationTurns(step, main.tool_calls, at)];
  });
}
