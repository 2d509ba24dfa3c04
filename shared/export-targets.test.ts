import { describe, expect, it } from 'vitest';
import { EXPORT_TARGET_INFO, EXPORT_TARGETS, isExportTarget, targetsWhere } from './export-targets';

describe('export target registry', () => {
  it('lists the twelve targets in their documented order', () => {
    expect(EXPORT_TARGETS).toEqual([
      'trl-sft',
      'trl-kto',
      'trl-dpo',
      'openrlhf',
      'ms-swift',
      'llamafactory',
      'llamafactory-v1',
      'axolotl',
      'verl-sft',
      'verl-rl',
      'trl-grpo',
      'tokens',
    ]);
  });

  it('gives each target its own title, a data file and a contract', () => {
    const titles = EXPORT_TARGETS.map((target) => EXPORT_TARGET_INFO[target].title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const target of EXPORT_TARGETS) {
      const info = EXPORT_TARGET_INFO[target];
      expect(info.files[0]).toMatch(/\.(jsonl|parquet)$/);
      expect(info.contracts[0]).toBe(target);
      expect(info.writes.startsWith(info.files[0] ?? '')).toBe(true);
    }
  });

  it('tells targets from other names, including inherited keys', () => {
    expect(isExportTarget('verl-rl')).toBe(true);
    expect(isExportTarget('verl')).toBe(false);
    expect(isExportTarget('toString')).toBe(false);
  });

  it('selects targets by their metadata, in registry order', () => {
    expect([...targetsWhere((info) => info.pairs)]).toEqual(['trl-kto', 'trl-dpo', 'llamafactory']);
    expect([...targetsWhere((info) => info.credit === 'turn_weights')]).toEqual([
      'ms-swift',
      'llamafactory-v1',
      'tokens',
    ]);
    expect([...targetsWhere((info) => info.trajectoryWeight === 'task_prompts')]).toEqual([
      'verl-rl',
      'trl-grpo',
    ]);
  });
});
