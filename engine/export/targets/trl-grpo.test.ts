// trl-grpo on a workspace built from real samples: prompt-only rows conform to the contract, one
// per task (first trajectory by id), carrying the source's ground truth and task for the reward
// functions, and two exports are byte-identical.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '../contracts/schema-check';
import { groundTruthOf } from './task-prompts';
import {
  contract,
  manifestEntry,
  readLines,
  type Row,
  openSampleEngine,
  sha256,
  type TestEngine,
} from '../../testing/rl-test-workspace';

describe('trl-grpo export target', () => {
  let t: TestEngine;
  beforeAll(async () => {
    t = await openSampleEngine();
  }, 120_000);
  afterAll(() => t.cleanup());

  it('writes one conforming prompt row per task, byte-identical on a rerun', async () => {
    const a = await t.exportTo({ target: 'trl-grpo', out_dir: path.join(t.dir, 'a') });
    const b = await t.exportTo({ target: 'trl-grpo', out_dir: path.join(t.dir, 'b') });
    const rows = readLines(path.join(a.out_dir, 'train.jsonl'));
    const schema = contract('trl-grpo');
    for (const row of rows) expect(schemaErrors(row, schema)).toEqual([]);
    const tasks = await t.sql(
      `SELECT dataset_id, task_id, min(trajectory_id) AS first, count(*) AS n
       FROM trajectories GROUP BY dataset_id, task_id ORDER BY dataset_id, task_id`,
    );
    expect(rows.map((r) => [r.dataset_id, r.task_id])).toEqual(
      tasks.map((r) => [r.dataset_id, r.task_id]),
    );
    const total = tasks.reduce((sum, r) => sum + Number(r.n), 0);
    expect(a).toMatchObject({ records: tasks.length, trajectories: total });
    expect(total - tasks.length).toBe(4); // the five rollouts of the one coding task
    const manifest = JSON.parse(readFileSync(a.manifest, 'utf8'));
    expect(manifest.counts.skipped).toEqual([
      {
        reason: 'another rollout of the same task (one prompt per task)',
        count: total - tasks.length,
      },
    ]);
    const file = path.join(a.out_dir, 'train.jsonl');
    expect(manifest.files).toEqual([manifestEntry(file, rows.length)]);
    for (const name of ['train.jsonl', 'turnwise-manifest.json']) {
      expect(sha256(path.join(a.out_dir, name))).toBe(sha256(path.join(b.out_dir, name)));
    }
  });

  it('each prompt is the first trajectory messages before the first assistant turn', async () => {
    const rows = readLines(path.join(t.dir, 'a', 'train.jsonl'));
    const firsts = await t.sql(
      `SELECT min(trajectory_id) AS id, any_value(metadata) AS metadata FROM trajectories
       GROUP BY dataset_id, task_id ORDER BY dataset_id, task_id`,
    );
    for (const [i, row] of rows.entries()) {
      const first = firsts[i] as { id: string; metadata: string | null };
      const preview = await t.call('previewExport', {
        target: 'trl-sft',
        filter: { trajectory_ids: [first.id] },
      });
      const sft = JSON.parse(preview.first_records[0] ?? '{}') as {
        messages: { role: string }[];
        tools?: unknown[];
      };
      const cut = sft.messages.findIndex((m) => m.role === 'assistant');
      expect(row.prompt).toEqual(sft.messages.slice(0, cut));
      expect(row.tools).toEqual(sft.tools ?? []);
      expect(row.ground_truth).toBe(groundTruthOf(JSON.parse(first.metadata ?? 'null')));
    }
    const truths = rows.map((r) => r.ground_truth);
    expect(truths).toContain(' Yes');
    expect(truths.filter((g) => g === null)).toHaveLength(1);
  });

  it('ground truth is read from the keys each format uses', () => {
    expect(groundTruthOf({ answer: '4' })).toBe('4');
    expect(groundTruthOf({ target: ['A', 'B'] })).toBe('["A","B"]');
    expect(groundTruthOf({ verifier_metadata: { b: 1, a: 2 } })).toBe('{"a":2,"b":1}');
    expect(groundTruthOf({ task: { actions: [{ name: 'x' }] } })).toBe(
      '{"actions":[{"name":"x"}],"outputs":[]}',
    );
    expect(groundTruthOf({ ground_truth: 'g', answer: 'a' })).toBe('g');
    expect(groundTruthOf({ expected_answer: '42', verifier_metadata: {} })).toBe('42');
    expect(groundTruthOf({ reward_spec: { answer: 7 } }, 'reward_spec.answer')).toBe('7');
    expect(groundTruthOf({ answer: 'a' }, 'reward_spec.answer')).toBeNull();
    expect(groundTruthOf({ reward_spec: 'text' }, 'reward_spec.answer')).toBeNull();
    expect(groundTruthOf({ other: 1 } as Row)).toBeNull();
    expect(groundTruthOf(null)).toBeNull();
  });
});
