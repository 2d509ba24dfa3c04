// A turn tree's nodes as the API sends them (getTurnTree): each node's turn cut to a preview and
// its tool calls' argument text to a prefix, so a group's tree stays small on the wire.
import type { z } from 'zod';
import type { TurnTreeNodeSchema } from './api-credit';
import type { TurnTreeNode } from './turn-tree';

export const PREVIEW_CHARS = 200;
export const ARGUMENT_CHARS = 400;

/** A node as getTurnTree returns it; its schema (api-credit.ts) is the one definition. */
export type TurnTreeNodeSummary = z.infer<typeof TurnTreeNodeSchema>;

export function summarizeTreeNodes(nodes: readonly TurnTreeNode[]): TurnTreeNodeSummary[] {
  return nodes.map(({ turn, ...node }) => ({
    ...node,
    role: turn?.role ?? null,
    preview: turn === null ? null : turn.content.slice(0, PREVIEW_CHARS),
    tool_names: turn === null ? [] : turn.tool_calls.map((call) => call.name),
    tool_calls: (turn?.tool_calls ?? []).map((call) => ({
      name: call.name,
      arguments: call.arguments.slice(0, ARGUMENT_CHARS),
    })),
    turn_index: turn === null ? null : node.depth - 1,
  }));
}
