// A batch of prepared items as columns, for the trip from a reading thread to the engine's
// (read-worker.ts, read-in-worker.ts). Cloning a message costs per object: a batch of 256 short
// rollouts (a prompt and a reply each) took ~1.2 ms as objects and ~0.2 ms as columns, packing
// and unpacking included, so one-line rollouts spent more time crossing threads than being
// parsed (docs/performance.md, "Import"). The engine's side gets the same items back.
import type { TokenLogprobs } from '../chat/canonical';
import type { PreparedItem } from './prepared-items';
import type { PreparedTrajectory, PreparedTurn } from './prepared-trajectory';
import type { Redaction } from '../secrets/redact-trajectory';
import type { SourceIds } from './source-scope';

type TrajectoryItem = Extract<PreparedItem, { kind: 'trajectory' }>;
type OtherItem = Exclude<PreparedItem, { kind: 'trajectory' }>;

export interface PackedItems {
  /** Items that are not trajectories (errors, dropped and unprepared records), by their place. */
  others: { at: number; item: OtherItem }[];
  /** Items in all. */
  count: number;
  /** One entry per trajectory, in order. */
  trajectories: {
    entry: number[];
    line: number[];
    source_id: string[];
    group_id: SourceIds['group_id'][];
    group_scope: SourceIds['group_scope'][];
    task_id: PreparedTrajectory['task_id'][];
    sample_index: PreparedTrajectory['sample_index'][];
    model: PreparedTrajectory['model'][];
    reward: PreparedTrajectory['reward'][];
    success: PreparedTrajectory['success'][];
    metadata: PreparedTrajectory['metadata'][];
    tools: PreparedTrajectory['tools'][];
    actions: number[];
    /** How many of the turns below are this trajectory's. */
    turns: number[];
    /** Null for none, the common case, so no empty array is cloned per trajectory. */
    redactions: (Redaction[] | null)[];
  };
  /** One entry per turn, the trajectories' turns one after another. */
  turns: {
    role: PreparedTurn['role'][];
    content: string[];
    reasoning: (string | null)[];
    tool_calls: string[];
    tool_call_id: (string | null)[];
    is_action: boolean[];
    n_tokens: (number | null)[];
    metadata: (string | null)[];
    error: (string | null)[];
    logprobs: (TokenLogprobs | null)[];
  };
}

export function packItems(items: readonly PreparedItem[]): PackedItems {
  const packed: PackedItems = {
    others: [],
    count: items.length,
    trajectories: {
      entry: [],
      line: [],
      source_id: [],
      group_id: [],
      group_scope: [],
      task_id: [],
      sample_index: [],
      model: [],
      reward: [],
      success: [],
      metadata: [],
      tools: [],
      actions: [],
      turns: [],
      redactions: [],
    },
    turns: {
      role: [],
      content: [],
      reasoning: [],
      tool_calls: [],
      tool_call_id: [],
      is_action: [],
      n_tokens: [],
      metadata: [],
      error: [],
      logprobs: [],
    },
  };
  const t = packed.trajectories;
  const u = packed.turns;
  items.forEach((item, at) => {
    if (item.kind !== 'trajectory') {
      packed.others.push({ at, item });
      return;
    }
    const { prepared } = item;
    t.entry.push(item.entry);
    t.line.push(item.line);
    t.source_id.push(item.ids.source_id);
    t.group_id.push(item.ids.group_id);
    t.group_scope.push(item.ids.group_scope);
    t.task_id.push(prepared.task_id);
    t.sample_index.push(prepared.sample_index);
    t.model.push(prepared.model);
    t.reward.push(prepared.reward);
    t.success.push(prepared.success);
    t.metadata.push(prepared.metadata);
    t.tools.push(prepared.tools);
    t.actions.push(prepared.actions);
    t.turns.push(prepared.turns.length);
    t.redactions.push(prepared.redactions.length > 0 ? prepared.redactions : null);
    for (const turn of prepared.turns) {
      u.role.push(turn.role);
      u.content.push(turn.content);
      u.reasoning.push(turn.reasoning);
      u.tool_calls.push(turn.tool_calls);
      u.tool_call_id.push(turn.tool_call_id);
      u.is_action.push(turn.is_action);
      u.n_tokens.push(turn.n_tokens);
      u.metadata.push(turn.metadata);
      u.error.push(turn.error);
      u.logprobs.push(turn.logprobs);
    }
  });
  return packed;
}

function unpackTrajectory(packed: PackedItems, index: number, firstTurn: number): TrajectoryItem {
  const t = packed.trajectories;
  const u = packed.turns;
  const turns: PreparedTurn[] = [];
  const end = firstTurn + (t.turns[index] ?? 0);
  for (let at = firstTurn; at < end; at += 1) {
    turns.push({
      role: u.role[at] as PreparedTurn['role'],
      content: u.content[at] as string,
      reasoning: u.reasoning[at] ?? null,
      tool_calls: u.tool_calls[at] as string,
      tool_call_id: u.tool_call_id[at] ?? null,
      is_action: u.is_action[at] === true,
      n_tokens: u.n_tokens[at] ?? null,
      metadata: u.metadata[at] ?? null,
      error: u.error[at] ?? null,
      logprobs: u.logprobs[at] ?? null,
    });
  }
  const scope = t.group_scope[index];
  const ids: SourceIds = {
    source_id: t.source_id[index] as string,
    group_id: t.group_id[index] ?? null,
  };
  if (scope !== undefined) ids.group_scope = scope;
  return {
    kind: 'trajectory',
    entry: t.entry[index] as number,
    line: t.line[index] as number,
    ids,
    prepared: {
      task_id: t.task_id[index] ?? null,
      sample_index: t.sample_index[index] ?? null,
      model: t.model[index] ?? null,
      reward: t.reward[index] ?? null,
      success: t.success[index] ?? null,
      metadata: t.metadata[index] ?? null,
      tools: t.tools[index] ?? null,
      turns,
      actions: t.actions[index] as number,
      redactions: t.redactions[index] ?? [],
    },
  };
}

export function unpackItems(packed: PackedItems): PreparedItem[] {
  const items: PreparedItem[] = [];
  let other = 0;
  let trajectory = 0;
  let turn = 0;
  for (let at = 0; at < packed.count; at += 1) {
    const next = packed.others[other];
    if (next !== undefined && next.at === at) {
      items.push(next.item);
      other += 1;
      continue;
    }
    items.push(unpackTrajectory(packed, trajectory, turn));
    turn += packed.trajectories.turns[trajectory] ?? 0;
    trajectory += 1;
  }
  return items;
}
