// NeMo Gym states no success of its own: with the dataset's default outcome rule its binary
// rewards decide, so KTO labels and DPO pairs come out of real rollouts (they used to be empty).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePath } from '../test-support';
import { openTestEngine, readLines, type TestEngine } from './export-test-workspace';

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
});
