// NeMo Gym states no success of its own: with the dataset's default outcome rule its binary
// rewards decide, so KTO labels and DPO pairs come out of real rollouts (they used to be empty).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportTarget } from '../../shared/api-export';
import { samplePath } from '../testing/test-support';
import { openTestEngine, readLines, type TestEngine } from '../testing/export-test-workspace';

const CODING = samplePath(
  'nemo-gym',
  'competitive_coding_challenges.example_rollouts.WITH_TOKEN_LOGPROBS.jsonl',
);

describe('exports of NeMo Gym rollouts', () => {
  let t: TestEngine;

  beforeAll(async () => {
    t = await openTestEngine((dir) => {
      // The five rollouts of this task all fail; one passing (reward 1.0, as NeMo Gym writes a
      // pass) gives the group the two outcomes a preference pair needs.
      const lines = readFileSync(CODING, 'utf8').trim().split('\n');
      const mixed = lines.map((line, i) =>
        i === 0 ? JSON.stringify({ ...JSON.parse(line), reward: 1.0 }) : line,
      );
      const file = path.join(dir, 'coding-mixed.jsonl');
      writeFileSync(file, `${mixed.join('\n')}\n`);
      return { coding: CODING, mixed: file };
    });
  }, 60_000);
  afterAll(() => t.cleanup());

  it('KTO labels every rollout by its reward', async () => {
    const summary = await t.exportTo({
      target: 'trl-kto',
      out_dir: path.join(t.dir, 'kto'),
      filter: { dataset_ids: ['coding'] },
    });
    const rows = readLines(summary.files[0] ?? '');
    expect(rows).toHaveLength(5);
    expect(rows.every((row) => row.label === false)).toBe(true);
    const manifest = JSON.parse(readFileSync(summary.manifest, 'utf8'));
    expect(manifest.sources).toEqual([
      expect.objectContaining({
        dataset_id: 'coding',
        outcome_rule: { rule: 'reward >= 1', is_default: true },
      }),
    ]);
  });

  it('DPO pairs the passing rollout with failing ones of the same task', async () => {
    const summary = await t.exportTo({
      target: 'trl-dpo',
      out_dir: path.join(t.dir, 'dpo'),
      filter: { dataset_ids: ['mixed'] },
    });
    expect(summary.records).toBeGreaterThan(0);
    const rows = readLines(summary.files[0] ?? '');
    expect(rows).toHaveLength(summary.records);
    for (const row of rows) expect(row.chosen).not.toEqual(row.rejected);
  });

  it('keeps the reasoning NeMo Gym recorded, in each trainer convention, unless dropped', async () => {
    const exportOf = async (target: ExportTarget, reasoning: 'keep' | 'drop') => {
      const summary = await t.exportTo({
        target,
        reasoning,
        out_dir: path.join(t.dir, `${target}-${reasoning}`),
        filter: { dataset_ids: ['coding'] },
      });
      return readLines(summary.files[0] ?? '');
    };
    const [think] = await t.sql(
      `SELECT u.reasoning FROM turns u JOIN trajectories t USING (trajectory_id)
       WHERE t.dataset_id = 'coding' AND u.role = 'assistant' ORDER BY t.trajectory_id LIMIT 1`,
    );
    const reasoning = String(think?.reasoning);
    expect(reasoning.length).toBeGreaterThan(100);
    type Message = { role: string; content: string; reasoning_content?: string };
    const kept = (await exportOf('trl-sft', 'keep'))[0]?.messages as Message[];
    const assistant = kept.find((m) => m.role === 'assistant');
    expect(assistant?.reasoning_content).toBe(reasoning);
    expect(assistant?.content).not.toContain(reasoning);
    const dropped = (await exportOf('trl-sft', 'drop'))[0]?.messages as Message[];
    expect(dropped.find((m) => m.role === 'assistant')).toEqual({
      role: 'assistant',
      content: assistant?.content,
    });
    // ms-swift's and LLaMA-Factory's templates read reasoning from <think> in the content.
    const swift = (await exportOf('ms-swift', 'keep'))[0]?.messages as Message[];
    const swiftAssistant = swift.find((m) => m.role === 'assistant');
    expect(swiftAssistant?.content).toBe(
      `<think>\n${reasoning}\n</think>\n\n${assistant?.content}`,
    );
    const sharegpt = (await exportOf('llamafactory', 'keep'))[0]?.conversations as {
      from: string;
      value: string;
    }[];
    expect(sharegpt.find((m) => m.from === 'gpt')?.value.startsWith(`<think>\n${reasoning}`)).toBe(
      true,
    );
  });

  it('reads the ground truth from the metadata field the export names', async () => {
    const grpo = async (name: string, groundTruth?: string) => {
      const summary = await t.exportTo({
        target: 'trl-grpo',
        out_dir: path.join(t.dir, name),
        filter: { dataset_ids: ['coding'] },
        ...(groundTruth === undefined ? {} : { ground_truth: groundTruth }),
      });
      const manifest = JSON.parse(readFileSync(summary.manifest, 'utf8'));
      return { rows: readLines(summary.files[0] ?? ''), manifest };
    };
    const named = await grpo('gt-named', 'details.name');
    expect(named.rows.map((row) => row.ground_truth)).toEqual(['A-makingmexes']);
    expect(named.manifest.selection.ground_truth).toBe('details.name');
    expect(named.manifest.target_notes.ground_truth).toContain('metadata.details.name');
    const missing = await grpo('gt-missing', 'details.nothing_here');
    expect(missing.rows.map((row) => row.ground_truth)).toEqual([null]);
  });
});
