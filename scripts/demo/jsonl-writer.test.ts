import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeJsonl } from './jsonl-writer';
import { generateRollouts } from './rollouts';

describe('writeJsonl', () => {
  it('streams one JSON record per line and reports what it wrote', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'turnwise-demo-'));
    const file = path.join(dir, 'nested', 'out.jsonl');
    const summary = await writeJsonl(generateRollouts({ tasks: 2, rollouts: 3 }), file);
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(6);
    expect(
      lines.map((line) => (JSON.parse(line) as { sample_index: number }).sample_index),
    ).toEqual([0, 1, 2, 0, 1, 2]);
    expect(summary).toMatchObject({ records: 6, groups: 2, bytes: readFileSync(file).length });
    expect(readdirSync(path.dirname(file))).toEqual(['out.jsonl']);
  });

  it('leaves no partial file behind when generation fails', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'turnwise-demo-'));
    const file = path.join(dir, 'out.jsonl');
    function* failing() {
      yield* generateRollouts({ tasks: 1, rollouts: 1 });
      throw new Error('boom');
    }
    await expect(writeJsonl(failing(), file)).rejects.toThrow('boom');
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});
