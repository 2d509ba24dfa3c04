// Turns a group's turn tree (getTurnTree) into what the graph draws: chains of turns every rollout
// through them shares are collapsed into one node, so 64 rollouts x 100 turns (thousands of turn
// nodes) become at most a few hundred drawn nodes; then a left-to-right tidy layout (column =
// collapsed depth, leaves on consecutive rows, parents centred on their children). Pure: the
// benchmark and the unit tests run it under Node.
import type { ApiOutput } from '../../../shared/api';

export type TreeNode = ApiOutput<'getTurnTree'>['nodes'][number];

/** The outcome of the rollouts that end at a drawn node (null when none end there). */
export type EndOutcome = 'success' | 'failure' | 'mixed' | 'unknown';

export interface DrawnNode {
  /** Index in the drawn list; the root (the shared task) is 0. */
  index: number;
  parent: number | null;
  children: number[];
  /** Tree node ids of the chain's first and last turn (both 0 for the root). */
  first: number;
  last: number;
  /** Turns in the chain (0 for the root). */
  turns: number;
  /** 0-based turn indexes the chain covers (null for the root). */
  turnRange: [number, number] | null;
  /** Of the chain's last turn: the turn the detail panel shows. */
  role: string | null;
  preview: string | null;
  tool_names: string[];
  n: number;
  n_known: number;
  successes: number;
  p: number | null;
  success_variance: number | null;
  /** Of the chain's first turn: V(chain) - V(node before it); the later turns add nothing. */
  branch_advantage: number | null;
  rollout_ids: string[];
  /** Rollouts whose last turn is the chain's last turn. */
  ended: number;
  endOutcome: EndOutcome | null;
  column: number;
  row: number;
}

export interface TreeLayout {
  nodes: DrawnNode[];
  columns: number;
  rows: number;
}

function byId(nodes: readonly TreeNode[], id: number): TreeNode {
  const node = nodes[id];
  if (node === undefined) throw new RangeError(`turn tree has no node ${id}`);
  return node;
}

/** A node continues its parent's chain when it is the only child and no rollout ends before it. */
function chainEnd(nodes: readonly TreeNode[], start: TreeNode): { end: TreeNode; turns: number } {
  let end = start;
  let turns = 1;
  for (;;) {
    const only = end.children.length === 1 ? byId(nodes, end.children[0] as number) : undefined;
    if (only === undefined || only.n !== end.n) return { end, turns };
    end = only;
    turns++;
  }
}

function endOutcome(ended: number, node: TreeNode, children: readonly TreeNode[]): EndOutcome {
  if (ended === 0) return 'unknown';
  const known = node.n_known - children.reduce((sum, child) => sum + child.n_known, 0);
  const successes = node.successes - children.reduce((sum, child) => sum + child.successes, 0);
  if (known === 0) return 'unknown';
  // Some known, some not: the known ones do not speak for the rest.
  if (known < ended) return 'mixed';
  if (successes === known) return 'success';
  return successes === 0 ? 'failure' : 'mixed';
}

export function layoutTurnTree(nodes: readonly TreeNode[]): TreeLayout {
  if (nodes.length === 0) return { nodes: [], columns: 0, rows: 0 };
  const drawn: DrawnNode[] = [];
  const add = (start: TreeNode, parent: number | null, column: number): DrawnNode => {
    const { end, turns } =
      start.parent === null ? { end: start, turns: 0 } : chainEnd(nodes, start);
    const children = end.children.map((id) => byId(nodes, id));
    const ended = end.n - children.reduce((sum, child) => sum + child.n, 0);
    const node: DrawnNode = {
      index: drawn.length,
      parent,
      children: [],
      first: start.id,
      last: end.id,
      turns,
      turnRange: start.parent === null ? null : [start.depth - 1, end.depth - 1],
      role: end.role,
      preview: end.preview,
      tool_names: end.tool_names,
      n: end.n,
      n_known: end.n_known,
      successes: end.successes,
      p: end.p,
      success_variance: end.success_variance,
      branch_advantage: start.branch_advantage,
      rollout_ids: end.rollout_ids,
      ended,
      endOutcome: ended > 0 ? endOutcome(ended, end, children) : null,
      column,
      row: 0,
    };
    drawn.push(node);
    return node;
  };

  // Iterative depth-first walk (a 100-turn tree must not depend on the call stack), children in
  // the API's order: drawn indexes are in pre-order, stable for the same tree.
  const stack: { start: TreeNode; parent: number | null; column: number }[] = [
    { start: byId(nodes, 0), parent: null, column: 0 },
  ];
  while (stack.length > 0) {
    const { start, parent, column } = stack.pop() as (typeof stack)[number];
    const node = add(start, parent, column);
    if (parent !== null) (drawn[parent] as DrawnNode).children.push(node.index);
    const starts = byId(nodes, node.last).children;
    for (let i = starts.length - 1; i >= 0; i--) {
      stack.push({
        start: byId(nodes, starts[i] as number),
        parent: node.index,
        column: column + 1,
      });
    }
  }
  const order = drawn;
  // Rows: leaves in depth-first order; each parent sits midway between its first and last child.
  let nextRow = 0;
  for (const node of order) if (node.children.length === 0) node.row = nextRow++;
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i] as DrawnNode;
    if (node.children.length === 0) continue;
    const firstRow = (drawn[node.children[0] as number] as DrawnNode).row;
    const lastRow = (drawn[node.children.at(-1) as number] as DrawnNode).row;
    node.row = (firstRow + lastRow) / 2;
  }
  const columns = Math.max(...drawn.map((node) => node.column)) + 1;
  return { nodes: drawn, columns, rows: Math.max(nextRow, 1) };
}

/** A short name for a drawn node: its turn, or how many shared turns it stands for. */
export function drawnNodeLabel(node: DrawnNode): string {
  if (node.turnRange === null) return 'task';
  if (node.turns > 1) return `${node.turns} ${node.n > 1 ? 'shared ' : ''}turns`;
  const tools = node.tool_names.length > 0 ? `: ${node.tool_names.join(', ')}` : '';
  return `${node.role ?? 'turn'}${tools}`;
}
