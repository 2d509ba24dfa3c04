// The writers are keyed by the shared target registry: one per registry id and no other, and
// each agrees with what the registry tells the screen, the CLI and the docs.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPORT_TARGET_INFO, EXPORT_TARGETS } from '../../../shared/export-targets';
import { WeightingSchema } from '../../../shared/api-export';
import type { ExportContext } from './export-target';
import { EXPORT_TARGET_MODULES } from './registry';

const TRAJECTORY_WEIGHT = { none: 'duplicate', record: 'record', task_prompts: 'task_prompts' };

describe('export target registry', () => {
  it('has one writer per registry id, and no writer without an id', () => {
    expect(Object.keys(EXPORT_TARGET_MODULES)).toEqual(EXPORT_TARGETS);
    for (const target of EXPORT_TARGETS) expect(EXPORT_TARGET_MODULES[target].name).toBe(target);
  });

  it.each(EXPORT_TARGETS.map((target) => [target]))('%s: writer and registry agree', (target) => {
    const writer = EXPORT_TARGET_MODULES[target];
    const info = EXPORT_TARGET_INFO[target];
    expect(writer.file).toBe(info.files[0]);
    expect(writer.format?.kind ?? 'jsonl').toBe(path.extname(writer.file).slice(1));
    expect(writer.needsCredit === true).toBe(info.credit !== null);
    expect(TRAJECTORY_WEIGHT[writer.weightField ?? 'none']).toBe(info.trajectoryWeight);
    for (const preference of [false, true]) {
      const selection = { weighting: WeightingSchema.parse({}), preference };
      const extras = writer.extraFiles?.({ selection } as ExportContext) ?? [];
      expect(extras.map((file) => file.path)).toEqual(info.files.slice(1));
    }
  });

  it('names every contract file, and only files that exist', () => {
    const files = readdirSync(path.join(import.meta.dirname, '..', 'contracts'))
      .filter((name) => name.endsWith('.schema.json'))
      .map((name) => name.replace('.schema.json', ''));
    const named = EXPORT_TARGETS.flatMap((target) => EXPORT_TARGET_INFO[target].contracts);
    expect([...named].sort()).toEqual(files.sort());
  });
});
