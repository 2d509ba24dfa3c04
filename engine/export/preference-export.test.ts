// Preference exports with step pairs on a real workspace (24 demo rollouts, 3 groups of 8): each
// step pair is checked against the stored turns, independently of the turn-tree code: both
// trajectories share the prompt, differ at the next assistant turn, and the success rates of the
// rollouts that took each turn differ by at least min_gap.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportSelectionSchema } from '../../shared/api-export';
import type { z } from 'zod';
import type { Workspace } from '../store/workspace';
import { contract, type DemoWorkspace, openDemoWorkspace } from '../testing/export-test-workspace';
import type { ChatMessage } from './chat-messages';
import { schemaErrors } from './contracts/schema-check';
import { firstDivergence } from './pairs';
import { previewExport, runExport } from './run-export';

interface Trajectory {
  id: string;
  success: boolean;
  messages: ChatMessage[];
}

describe('preference exports with step pairs', () => {
  let demo: DemoWorkspace;
  let workspace: Workspace;
  /** Every trajectory's messages, as trl-sft writes them, keyed by trajectory id. */
  const trajectories: Trajectory[] = [];

  const selection = (options: Partial<z.input<typeof ExportSelectionSchema>>) =>
    ExportSelectionSchema.parse({ target: 'trl-dpo', ...options });
  const records = async (options: Partial<z.input<typeof ExportSelectionSchema>>) => {
    const preview = await previewExport(workspace, selection(options), 20);
    return {
      ...preview,
      rows: preview.first_records.map((line) => JSON.parse(line) as Record<string, unknown>),
    };
  };

  /** The success rate of the rollouts whose first turns are `prefix` (compared like the tree). */
  const rateAfter = (prefix: ChatMessage[]) => {
    const through = trajectories.filter(
      (t) =>
        t.messages.length >= prefix.length &&
        firstDivergence(t.messages.slice(0, prefix.length), prefix) === null,
    );
    return through.filter((t) => t.success).length / through.length;
  };

  beforeAll(async () => {
    demo = await openDemoWorkspace({ lines: 24 });
    workspace = demo.workspace;
    const ids = await workspace.query(
      'SELECT trajectory_id, success FROM trajectories ORDER BY trajectory_id',
    );
    for (const row of ids) {
      const one = await previewExport(
        workspace,
        ExportSelectionSchema.parse({
          target: 'trl-sft',
          filter: { outcome: 'any', trajectory_ids: [String(row.trajectory_id)] },
        }),
        1,
      );
      const record = JSON.parse(one.first_records[0] ?? '{}') as { messages: ChatMessage[] };
      trajectories.push({
        id: String(row.trajectory_id),
        success: row.success === true,
        messages: record.messages,
      });
    }
  }, 60_000);
  afterAll(() => demo.cleanup());

  it('trl-dpo step pairs share the prompt, differ at one assistant turn, by at least the gap', async () => {
    const { rows, records: n } = await records({ pairs: { trajectory: false, step: true } });
    expect(n).toBeGreaterThan(0);
    for (const row of rows) {
      expect(schemaErrors(row, contract('trl-dpo'))).toEqual([]);
      const prompt = row.prompt as ChatMessage[];
      const [chosen] = row.chosen as ChatMessage[];
      const [rejected] = row.rejected as ChatMessage[];
      expect((row.chosen as unknown[]).length).toBe(1);
      expect(chosen?.role).toBe('assistant');
      expect(rejected?.role).toBe('assistant');
      expect(firstDivergence([chosen as ChatMessage], [rejected as ChatMessage])).toBe(0);
      const high = rateAfter([...prompt, chosen as ChatMessage]);
      const low = rateAfter([...prompt, rejected as ChatMessage]);
      expect(high - low).toBeGreaterThanOrEqual(0.5 - 1e-9);
    }
    // A larger gap can only remove pairs.
    const strict = await records({ pairs: { trajectory: false, step: true, min_gap: 0.9 } });
    expect(strict.records).toBeLessThanOrEqual(n);
  });

  it('trl-dpo writes trajectory pairs first, then step pairs, when both are asked', async () => {
    const trajectoryOnly = await records({});
    const stepOnly = await records({ pairs: { trajectory: false, step: true } });
    const both = await records({ pairs: { step: true } });
    expect(both.records).toBe(trajectoryOnly.records + stepOnly.records);
    expect(both.first_records.slice(0, trajectoryOnly.records)).toEqual(
      trajectoryOnly.first_records.slice(0, trajectoryOnly.records),
    );
    for (const row of trajectoryOnly.rows) {
      for (const message of row.prompt as ChatMessage[]) {
        expect(['system', 'user']).toContain(message.role);
      }
    }
    const capped = await records({ pairs: { max_pairs_per_task: 1 } });
    expect(capped.records).toBeLessThan(trajectoryOnly.records);
    expect(capped.skipped.map((s) => s.reason)).toContain('pairs per task at the maximum');
  });

  it('a preview reads a sample of the groups for step pairs and scales the count', async () => {
    for (const target of ['trl-dpo', 'trl-kto'] as const) {
      const chosen = selection({ target, pairs: { trajectory: false, step: true } });
      const exact = await previewExport(workspace, chosen, 3);
      expect(exact.records_exact).toBe(true);
      // Two groups of the three: their records only, each counted one and a half times.
      const sampled = await previewExport(workspace, chosen, 3, 1000, 2);
      expect(sampled.records_exact).toBe(false);
      expect(sampled.sampled).toBeGreaterThan(0);
      expect(sampled.sampled).toBeLessThan(exact.planned);
      expect(sampled.planned).toBe(Math.round(sampled.sampled * 1.5));
      expect(sampled.first_records).toEqual(
        exact.first_records.slice(0, sampled.first_records.length),
      );
      // The export itself reads every group.
      const out = path.join(demo.dir, `sampled-${target}`);
      const summary = await runExport(
        workspace,
        { ...chosen, out_dir: out, overwrite: false },
        () => {},
        new AbortController().signal,
      );
      expect(summary.records).toBe(exact.records);
    }
  });

  it('trl-kto step records label the higher-value turn true and the lower false', async () => {
    const { rows } = await records({ target: 'trl-kto', pairs: { trajectory: false, step: true } });
    expect(rows.some((row) => row.label === true)).toBe(true);
    expect(rows.some((row) => row.label === false)).toBe(true);
    for (const row of rows) {
      expect(schemaErrors(row, contract('trl-kto'))).toEqual([]);
      const prompt = row.prompt as ChatMessage[];
      const [turn] = row.completion as ChatMessage[];
      const parent = rateAfter(prompt);
      const value = rateAfter([...prompt, turn as ChatMessage]);
      // The chosen turn is its branch's best, so at least the parent; the rejected one is lower.
      if (row.label === true) expect(value).toBeGreaterThanOrEqual(parent);
      else expect(value).toBeLessThan(parent);
    }
  });

  it('llamafactory with preference writes ranking records and registers them as ranking', async () => {
    const options = selection({ target: 'llamafactory', preference: true, pairs: { step: true } });
    const out = path.join(demo.dir, 'lf-ranking');
    const summary = await runExport(
      workspace,
      { ...options, out_dir: out, overwrite: false },
      () => {},
      new AbortController().signal,
    );
    expect(summary.records).toBeGreaterThan(0);
    const lines = readFileSync(path.join(out, 'train.jsonl'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(summary.records);
    for (const line of lines) {
      const row = JSON.parse(line) as { conversations: { from: string }[] };
      expect(schemaErrors(row, contract('llamafactory-ranking'))).toEqual([]);
      const froms = row.conversations.map((turn) => turn.from);
      expect(froms[0]).toBe('human');
      // Input and model turns alternate, and the prompt ends on an input turn.
      froms.forEach((from, i) => {
        const input = from === 'human' || from === 'observation';
        expect(input).toBe(i % 2 === 0);
      });
    }
    const info = JSON.parse(readFileSync(path.join(out, 'dataset_info.json'), 'utf8'));
    expect(info.turnwise).toMatchObject({
      ranking: true,
      formatting: 'sharegpt',
      columns: { messages: 'conversations', chosen: 'chosen', rejected: 'rejected' },
    });
  });
});
