// TRACE-style turn trees (arXiv 2606.11119): a group's rollouts merged into a prefix tree of
// turns, with Monte-Carlo success statistics per node. Independent of the judge and log-probs.
import { normalizeWhitespace, toolCallsKey, type SegmentToolCall } from './segments';

export interface TreeTurn {
  role: string;
  content: string;
  tool_calls: readonly SegmentToolCall[];
}

export interface TreeRollout {
  rollout_id: string;
  /** null when the outcome is unknown: the rollout still counts in n, not in n_known. */
  success: boolean | null;
  /** The rollout's turns in turn_index order, system and user messages included. */
  turns: readonly TreeTurn[];
}

export interface TurnTreeNode {
  /** Position in the returned array; the root is 0. */
  id: number;
  parent: number | null;
  /** Root 0; the node of a rollout's k-th turn (0-based) has depth k + 1. */
  depth: number;
  /** The normalized turn shared by every rollout through the node; null at the root. */
  turn: { role: string; content: string; tool_calls: SegmentToolCall[] } | null;
  children: number[];
  /** Rollouts through the node (their path contains it). */
  n: number;
  /** Of those, the rollouts whose success is known. */
  n_known: number;
  successes: number;
  /** successes / n_known; null when n_known is 0. */
  p: number | null;
  /** p * (1 - p): where more sampling would be most informative. */
  success_variance: number | null;
  /** V = p (Monte-Carlo value of the prefix). */
  value: number | null;
  /** V(node) - V(parent); null at the root or when either value is null. */
  branch_advantage: number | null;
  /** In input order. */
  rollout_ids: string[];
}

/**
 * Two turns are the same node (given the same prefix) iff their keys are equal: same role,
 * same content after normalizeWhitespace, and the same tool calls pairwise in order by name and
 * canonical argument text. Tool-call ids and reasoning are not part of a turn's identity.
 */
export function turnNodeKey(turn: TreeTurn): string {
  return JSON.stringify([
    turn.role,
    normalizeWhitespace(turn.content),
    toolCallsKey(turn.tool_calls),
  ]);
}

interface MutableNode {
  id: number;
  parent: number | null;
  depth: number;
  turn: TurnTreeNode['turn'];
  childByKey: Map<string, number>;
  n: number;
  n_known: number;
  successes: number;
  rollout_ids: string[];
}

function newNode(id: number, parent: number | null, depth: number, turn: TreeTurn | null) {
  const node: MutableNode = {
    id,
    parent,
    depth,
    turn:
      turn === null
        ? null
        : {
            role: turn.role,
            content: normalizeWhitespace(turn.content),
            tool_calls: turn.tool_calls.map((call) => ({
              name: call.name,
              arguments: call.arguments,
            })),
          },
    childByKey: new Map(),
    n: 0,
    n_known: 0,
    successes: 0,
    rollout_ids: [],
  };
  return node;
}

/**
 * Builds the tree. The root stands for the shared task (the empty prefix), so every rollout
 * passes through it and its value is the group's success rate. Node ids follow creation order:
 * rollouts in input order, each walked from its first turn, so the same input gives the same ids
 * (callers should order rollouts, e.g. by sample_index). rollout_id must be unique.
 */
export function buildTurnTree(rollouts: readonly TreeRollout[]): TurnTreeNode[] {
  const seen = new Set<string>();
  const nodes: MutableNode[] = [newNode(0, null, 0, null)];
  for (const rollout of rollouts) {
    if (seen.has(rollout.rollout_id))
      throw new RangeError(`duplicate rollout_id '${rollout.rollout_id}'`);
    seen.add(rollout.rollout_id);
    let node = nodes[0] as MutableNode;
    const path: MutableNode[] = [node];
    for (const turn of rollout.turns) {
      const key = turnNodeKey(turn);
      let childId = node.childByKey.get(key);
      if (childId === undefined) {
        childId = nodes.length;
        nodes.push(newNode(childId, node.id, node.depth + 1, turn));
        node.childByKey.set(key, childId);
      }
      node = nodes[childId] as MutableNode;
      path.push(node);
    }
    for (const member of path) {
      member.n++;
      member.rollout_ids.push(rollout.rollout_id);
      if (rollout.success !== null) {
        member.n_known++;
        if (rollout.success) member.successes++;
      }
    }
  }
  const values = nodes.map((node) => (node.n_known === 0 ? null : node.successes / node.n_known));
  return nodes.map((node, id) => {
    const p = values[id] ?? null;
    const parentValue = node.parent === null ? null : (values[node.parent] ?? null);
    return {
      id,
      parent: node.parent,
      depth: node.depth,
      turn: node.turn,
      children: [...node.childByKey.values()],
      n: node.n,
      n_known: node.n_known,
      successes: node.successes,
      p,
      success_variance: p === null ? null : p * (1 - p),
      value: p,
      branch_advantage: p === null || parentValue === null ? null : p - parentValue,
      rollout_ids: node.rollout_ids,
    };
  });
}
