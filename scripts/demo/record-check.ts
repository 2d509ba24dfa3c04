// Structural checks of a `turnwise` demo record: message roles and order, tool-call ids answered by
// tool messages, token arrays of equal length and plausible values, and metadata consistent with
// the messages and the grade. Returns the problems found (empty when the record is valid).

import { STEP_ROLES, type TaskFamily, type TurnwiseRecord } from './record-types';
import { VOCAB_SIZE } from './tokenizer';

function isRounded(value: number): boolean {
  return Math.abs(value * 10000 - Math.round(value * 10000)) < 1e-6;
}

function checkAssistant(record: TurnwiseRecord, index: number, problems: string[]): void {
  const message = record.messages[index];
  if (message?.role !== 'assistant') return;
  const where = `${record.trajectory_id} message ${index}`;
  const toolNames = new Set(record.tools.map((tool) => tool.function.name));
  if (message.tool_calls.length === 0)
    problems.push(`${where}: assistant turn without a tool call`);
  for (const call of message.tool_calls) {
    if (!toolNames.has(call.function.name))
      problems.push(`${where}: unknown tool ${call.function.name}`);
    try {
      const args: unknown = JSON.parse(call.function.arguments);
      if (typeof args !== 'object' || args === null || Array.isArray(args))
        problems.push(`${where}: arguments are not an object`);
    } catch {
      problems.push(`${where}: arguments are not JSON`);
    }
  }
  const n = message.token_ids.length;
  if (n === 0 || message.logp_policy.length !== n || message.logp_ref.length !== n) {
    problems.push(
      `${where}: token arrays have lengths ${n}/${message.logp_policy.length}/${message.logp_ref.length}`,
    );
  }
  if (message.token_ids.some((id) => !Number.isInteger(id) || id < 0 || id >= VOCAB_SIZE))
    problems.push(`${where}: token id out of range`);
  if (message.logp_ref.some((v) => v < -3 || v > -0.01 || !isRounded(v)))
    problems.push(`${where}: logp_ref outside [-3, -0.01]`);
  if (message.logp_policy.some((v) => !(v <= 0) || !isRounded(v)))
    problems.push(`${where}: logp_policy not a rounded log-probability`);
}

const GROUND_TRUTH_KIND: Readonly<Record<TaskFamily, string>> = {
  repair: 'tests',
  config: 'settings',
  investigate: 'answer',
};

/** Leaves of a nested tree as paths: `tests/test_a.py/test_x`, `staging/server/workers/6`. */
function leaves(tree: unknown, prefix = ''): string[] {
  if (Array.isArray(tree)) return tree.map((name) => `${prefix}${String(name)}`);
  if (typeof tree !== 'object' || tree === null) return [`${prefix}${String(tree)}`];
  return Object.entries(tree).flatMap(([key, value]) => leaves(value, `${prefix}${key}/`));
}

/** ground_truth must exist, fit the family, and describe as many checks as were graded. */
function checkGroundTruth(record: TurnwiseRecord, problems: string[]): void {
  const id = record.trajectory_id;
  const { metadata } = record;
  // Typed as required, but records read back from JSON may predate the field.
  const truth = (metadata as Partial<typeof metadata>).ground_truth;
  if (typeof truth !== 'object' || truth === null) {
    problems.push(`${id}: metadata.ground_truth missing`);
    return;
  }
  if (truth.kind !== GROUND_TRUTH_KIND[metadata.family])
    problems.push(`${id}: ground_truth kind ${truth.kind} does not fit family ${metadata.family}`);
  if (truth.kind === 'answer') {
    if (truth.answer === '' || metadata.checks_total !== 1)
      problems.push(`${id}: answer ground truth needs an answer and exactly one check`);
    return;
  }
  const checks = leaves(truth.kind === 'tests' ? truth.tests : truth.expected);
  if (checks.length !== metadata.checks_total)
    problems.push(
      `${id}: ground_truth lists ${checks.length} checks, graded ${metadata.checks_total}`,
    );
  if (leaves(truth.targets).some((target) => !checks.includes(target)))
    problems.push(`${id}: ground_truth targets are not among its checks`);
}

/** Every problem with one record; `rollouts` is the group size the record should belong to. */
export function checkRecord(record: TurnwiseRecord, rollouts: number): string[] {
  const problems: string[] = [];
  const id = record.trajectory_id;
  const { messages, metadata } = record;
  if (!(record.reward >= 0 && record.reward <= 1) || !isRounded(record.reward))
    problems.push(`${id}: reward ${record.reward} outside [0, 1]`);
  if (record.success && record.reward !== 1)
    problems.push(`${id}: success with reward ${record.reward}`);
  if (
    !Number.isInteger(record.sample_index) ||
    record.sample_index < 0 ||
    record.sample_index >= rollouts
  ) {
    problems.push(`${id}: sample_index ${record.sample_index} outside [0, ${rollouts})`);
  }
  if (messages[0]?.role !== 'system' || messages[1]?.role !== 'user')
    problems.push(`${id}: must open with system and user messages`);
  const callIds = new Set<string>();
  const actionTurns: number[] = [];
  for (let i = 2; i < messages.length; i += 2) {
    const assistant = messages[i];
    const tool = messages[i + 1];
    if (assistant?.role !== 'assistant' || tool?.role !== 'tool') {
      problems.push(`${id}: message ${i} is not an assistant turn answered by a tool message`);
      break;
    }
    actionTurns.push(i);
    checkAssistant(record, i, problems);
    const call = assistant.tool_calls[0];
    if (call === undefined || tool.tool_call_id !== call.id)
      problems.push(`${id}: tool message ${i + 1} answers an unknown call`);
    if (call !== undefined && callIds.has(call.id))
      problems.push(`${id}: duplicate tool call id ${call.id}`);
    if (call !== undefined) callIds.add(call.id);
  }
  if (JSON.stringify(actionTurns) !== JSON.stringify(metadata.action_turns))
    problems.push(`${id}: action_turns do not match the messages`);
  if (metadata.step_roles.length !== actionTurns.length)
    problems.push(`${id}: one step role per action turn expected`);
  if (metadata.step_roles.some((role) => !STEP_ROLES.includes(role)))
    problems.push(`${id}: unknown step role`);
  if (record.success !== (metadata.failure_step === null))
    problems.push(`${id}: failure_step must be null exactly for successes`);
  if (metadata.failure_step !== null && !actionTurns.includes(metadata.failure_step))
    problems.push(`${id}: failure_step is not an action turn`);
  if (record.success !== (metadata.failure_mode === null))
    problems.push(`${id}: failure_mode must be null exactly for successes`);
  const last = messages[messages.length - 2];
  const submitted = last?.role === 'assistant' && last.tool_calls[0]?.function.name === 'submit';
  if (submitted !== (metadata.termination === 'submitted'))
    problems.push(`${id}: termination does not match the last action`);
  if (actionTurns.length > metadata.step_budget)
    problems.push(`${id}: more actions than the step budget`);
  checkGroundTruth(record, problems);
  return problems;
}
