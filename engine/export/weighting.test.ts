// Export reweighting end to end (docs/credit.md, docs/export.md) on a real workspace: a slice of the demo dataset
// (three GRPO groups of 8 with token log-probs) plus the tau-bench sample (four tasks of one
// rollout), with credit computed. The weighted targets meet their contracts and rerun
// byte-identically; their weights are the transform of the stored credit for each source; DRIFT
// weights are recorded or duplicate records exactly round(weight) times.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiInput } from '../../shared/api';
import { WeightingSchema } from '../../shared/api-export';
import { driftWeights } from '../../shared/credit';
import { samplePath } from '../testing/test-support';
import { recordErrors } from './contracts/schema-check';
import {
  contract,
  type TestEngine,
  openDemoEngine,
  sha256,
} from '../testing/export-test-workspace';
import { ZERO_WEIGHT_SKIP } from './trajectory-weighting';
import { weightOf } from './weight-transform';

const TAU = samplePath('tau-bench', 'gpt-4o-airline.subset4.json');
const ONE = 'demo:repair-000-s0';

type Row = Record<string, unknown>;
type V1Message = { role: string; loss_weight: number };

const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Row;

describe('export reweighting', () => {
  let t: TestEngine;
  let outputs = 0;

  const sql = (text: string) => t.sql(text);
  const exportTo = (input: Omit<ApiInput<'startExport'>, 'out_dir'>) => {
    outputs += 1;
    return t.exportTo({
      ...input,
      out_dir: path.join(t.dir, `out-${outputs}`),
    });
  };
  const preview = async (input: ApiInput<'previewExport'>) =>
    (await t.call('previewExport', { limit: 20, ...input })).first_records.map(
      (line) => JSON.parse(line) as Row,
    );

  beforeAll(async () => {
    t = await openDemoEngine({ lines: 24, extraFiles: { tau: TAU } });
    for (const dataset_id of ['demo', 'tau']) {
      await t.runJob('startCredit', { dataset_id, segmentation: 'action' });
    }
  }, 120_000);
  afterAll(() => t.cleanup());

  it.each([
    ['llamafactory-v1', ['train.jsonl']],
    ['axolotl', ['train.jsonl', 'axolotl.yaml']],
  ] as const)(
    '%s: every record meets the contract, files are listed, and reruns are byte-identical',
    async (target, names) => {
      const weighting = { trajectory: 'drift', duplicate_by_weight: true } as const;
      const a = await exportTo({ target, weighting });
      const b = await exportTo({ target, weighting });
      const file = path.join(a.out_dir, 'train.jsonl');
      const rows = lines(file).map((l) => JSON.parse(l) as Row);
      expect(rows.length).toBe(a.records);
      expect(a.trajectories).toBe(28);
      expect(recordErrors(file, rows, contract(target))).toEqual([]);
      const manifest = readJson(a.manifest);
      expect((manifest.files as Row[]).map((f) => f.path)).toEqual(names);
      for (const name of [...names, 'turnwise-manifest.json']) {
        expect(sha256(path.join(a.out_dir, name))).toBe(sha256(path.join(b.out_dir, name)));
      }
    },
  );

  it.each(['total', 'progress_advantage'] as const)(
    'llamafactory-v1 loss weights are the transform of each turn’s stored %s',
    async (source) => {
      const weighting = WeightingSchema.parse({ source, transform: 'exp', scale: 2, max: 3 });
      const stored = await sql(
        `SELECT s.turn_start, s.turn_end, c.${source} AS x FROM segments s JOIN credit c
         ON c.trajectory_id = s.trajectory_id AND c.segment_index = s.segment_index
         AND c.segmentation = s.segmentation
         WHERE s.trajectory_id = '${ONE}' AND s.segmentation = 'action' AND c.${source} IS NOT NULL`,
      );
      expect(stored.length).toBeGreaterThan(0);
      const creditOf = (turn: number) =>
        stored.find((r) => Number(r.turn_start) <= turn && turn <= Number(r.turn_end))?.x;
      const [record] = await preview({
        target: 'llamafactory-v1',
        filter: { trajectory_ids: [ONE] },
        weighting,
      });
      const messages = record?.messages as V1Message[];
      const expected = messages.map((m, turn) => {
        const x = creditOf(turn);
        return m.role !== 'assistant' ? 0 : weightOf(typeof x === 'number' ? x : null, weighting);
      });
      expect(messages.map((m) => m.loss_weight)).toEqual(expected);
      expect(expected.some((w, turn) => messages[turn]?.role === 'assistant' && w !== 1)).toBe(
        true,
      );
    },
  );

  it('branch_advantage weights each assistant turn by its node in the group’s turn tree', async () => {
    const ids = (
      await sql(
        `SELECT trajectory_id FROM trajectories WHERE group_id = (SELECT group_id FROM
         trajectories WHERE trajectory_id = '${ONE}') ORDER BY trajectory_id`,
      )
    ).map((r) => String(r.trajectory_id));
    const [{ group_id: group } = {}] = await sql(
      `SELECT group_id FROM trajectories WHERE trajectory_id = '${ONE}'`,
    );
    const tree = await t.call('getTurnTree', {
      dataset_id: 'demo',
      group_id: String(group),
    });
    const weighting = WeightingSchema.parse({ source: 'branch_advantage', scale: 2 });
    const records = await preview({
      target: 'llamafactory-v1',
      filter: { trajectory_ids: ids },
      weighting,
    });
    expect(records).toHaveLength(8);
    let moved = 0;
    records.forEach((record, r) => {
      const messages = record.messages as V1Message[];
      const expected = messages.map((m, turn) => {
        if (m.role !== 'assistant') return 0;
        const node = tree.nodes.find(
          (n) => n.depth === turn + 1 && (n.rollout_ids as string[]).includes(ids[r] ?? ''),
        );
        const x = node?.branch_advantage;
        return weightOf(typeof x === 'number' ? x : null, weighting);
      });
      expect(messages.map((m) => m.loss_weight)).toEqual(expected);
      moved += expected.filter((w, turn) => messages[turn]?.role === 'assistant' && w !== 1).length;
    });
    expect(moved).toBeGreaterThan(0);
  });

  /** The expected DRIFT weight of every trajectory, in export order, from the public views. */
  async function expectedDrift(beta: number): Promise<{ id: string; weight: number }[]> {
    const rows = await sql(
      `SELECT trajectory_id, dataset_id, coalesce(group_id, task_id) AS g, reward FROM trajectories
       ORDER BY trajectory_id`,
    );
    const groups = new Map<string, Row[]>();
    for (const row of rows) {
      const key = `${String(row.dataset_id)}/${String(row.g)}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    const weight = new Map<string, number>();
    for (const members of groups.values()) {
      const w = driftWeights(
        members.map((m) => Number(m.reward)),
        beta,
      );
      members.forEach((m, i) => weight.set(String(m.trajectory_id), w[i] ?? NaN));
    }
    return rows.map((r) => ({
      id: String(r.trajectory_id),
      weight: weight.get(String(r.trajectory_id)) ?? NaN,
    }));
  }

  it('duplicate_by_weight writes each record round(DRIFT weight) times and counts it', async () => {
    const base = await exportTo({ target: 'trl-sft' });
    const weighted = await exportTo({
      target: 'trl-sft',
      weighting: { trajectory: 'drift', duplicate_by_weight: true },
    });
    const drift = await expectedDrift(0.2);
    const copies = drift.map((d) => Math.round(d.weight));
    const baseLines = lines(path.join(base.out_dir, 'train.jsonl'));
    expect(baseLines).toHaveLength(drift.length);
    const expected = baseLines.flatMap((line, i) => Array<string>(copies[i] ?? 0).fill(line));
    expect(lines(path.join(weighted.out_dir, 'train.jsonl'))).toEqual(expected);
    // The demo groups give weights that drop failures and repeat rare successes.
    expect(copies).toContain(0);
    expect(Math.max(...copies)).toBeGreaterThan(1);
    const dropped = copies.filter((c) => c === 0).length;
    const manifest = readJson(weighted.manifest);
    expect(manifest.weighting).toMatchObject({
      trajectory: 'drift',
      drift_beta: 0.2,
      trajectory_weight_field: 'none',
      trajectory_weights: 'duplicated',
      duplicate_by_weight: true,
      duplication: {
        records_built: drift.length,
        records_duplicated: copies.filter((c) => c > 1).length,
        copies_added: copies.reduce((s, c) => s + Math.max(0, c - 1), 0),
        records_dropped: dropped,
        records_unweighted: 0,
      },
    });
    expect(manifest.counts).toMatchObject({ records: expected.length });
    expect((manifest.counts as Row).skipped).toContainEqual({
      reason: ZERO_WEIGHT_SKIP,
      count: dropped,
    });
    expect(weighted.records).toBe(expected.length);
  });

  it('without duplication, DRIFT weights are only recorded, and the manifest says so', async () => {
    const summary = await exportTo({
      target: 'ms-swift',
      weighting: { trajectory: 'drift', drift_beta: 0.5 },
    });
    expect(summary.records).toBe(28);
    const drift = (await expectedDrift(0.5)).map((d) => Math.round(d.weight * 1e6) / 1e6);
    const manifest = readJson(summary.manifest);
    expect(manifest.weighting).toMatchObject({
      source: 'total',
      turn_weights: 'applied',
      trajectory_weights: 'recorded_only',
      duplication_rule: null,
      weights: {
        trajectories_weighted: 28,
        trajectories_without_weight: 0,
        min: Math.min(...drift),
        max: Math.max(...drift),
      },
    });
    expect(manifest.weighting).not.toHaveProperty('duplication');
    expect(String((manifest.target_notes as Row).trajectory_weights)).toMatch(
      /no per-record weight/,
    );
    const plain = readJson(
      (await exportTo({ target: 'trl-sft', weighting: { duplicate_by_weight: true } })).manifest,
    );
    expect(plain.weighting).toMatchObject({
      trajectory: 'none',
      trajectory_weights: 'none',
      turn_weights: 'not_carried',
    });
    expect(plain.counts).toMatchObject({ records: 28 });
  });
});
