import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiOutput } from '../../shared/api';
import { openEngine } from '../engine';
import type { Engine } from '../core/engine-types';
import { tempDir } from '../testing/test-support';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

type Tree = ApiOutput<'getTurnTree'>;

describe('getTurnTree on the demo groups', () => {
  let engine: Engine;
  let tree: Tree;
  beforeAll(async () => {
    engine = await openEngine({ dbPath: path.join(tmp.dir, 'ws.duckdb') });
    const started = await engine.dispatch('startImport', {
      paths: ['datasets/demo/demo.jsonl'],
      dataset: 'demo',
    });
    if (!started.ok) throw new Error(started.error.message);
    await engine.waitForJob(started.value.job_id);
    const result = await engine.dispatch('getTurnTree', {
      dataset_id: 'demo',
      group_id: 'repair-000-g',
    });
    if (!result.ok) throw new Error(result.error.message);
    tree = result.value as Tree;
  }, 60_000);
  afterAll(() => engine.close());

  it('merges the 8 rollouts into one prefix tree with consistent counts', () => {
    const [root] = tree.nodes;
    expect(tree.rollouts).toBe(8);
    expect(root).toMatchObject({ id: 0, parent: null, depth: 0, n: 8, branch_advantage: null });
    // The demo's rollouts share the system prompt and the task: one chain before any branch.
    expect(root?.children).toHaveLength(1);
    for (const node of tree.nodes) {
      const children = node.children.map((id) => tree.nodes[id]);
      const through = children.reduce((sum, child) => sum + (child?.n ?? 0), 0);
      expect(through).toBeLessThanOrEqual(node.n);
      for (const child of children) {
        expect(child?.parent).toBe(node.id);
        expect(child?.branch_advantage).toBeCloseTo(Number(child?.value) - Number(node.value), 12);
      }
      expect(node.p).toBeCloseTo(node.successes / node.n_known, 12);
    }
    const branchPoints = tree.nodes.filter((node) => node.children.length > 1);
    expect(branchPoints.length).toBeGreaterThan(0);
    expect(tree.nodes.filter((node) => node.children.length === 0)).toHaveLength(8);
  });

  it("names each node's turn by the turn_index it has in the rollouts, with its calls", async () => {
    const leaf = tree.nodes.find((node) => node.children.length === 0);
    const opened = await engine.dispatch('getTrajectory', {
      trajectory_id: String(leaf?.rollout_ids[0]),
    });
    if (!opened.ok) throw new Error(opened.error.message);
    const turns = (opened.value as ApiOutput<'getTrajectory'>).turns;
    // Walk from the leaf to the root: every node on the path is that rollout's turn at turn_index.
    for (
      let node = leaf;
      node !== undefined && node.parent !== null;
      node = tree.nodes[node.parent]
    ) {
      const turn = turns.find((t) => t.turn_index === node?.turn_index);
      expect(turn?.role).toBe(node.role);
      expect(node.tool_calls).toEqual(
        (turn?.tool_calls ?? []).map((call) => ({
          name: call.name,
          arguments: call.arguments.slice(0, 400),
        })),
      );
    }
    expect(tree.nodes[0]?.turn_index).toBeNull();
  });

  it('refuses an unknown group', async () => {
    const missing = await engine.dispatch('getTurnTree', { dataset_id: 'demo', group_id: 'nope' });
    expect(missing.ok ? null : missing.error.code).toBe('not_found');
  });
});
