import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { samplePath, tempDir } from '../../testing/test-support';
import { loadReport, parseReport, reportOutcome, resolvedFlag } from './swe-bench-report';

const context = () => ({
  progress: { bytesRead: 0 },
  signal: new AbortController().signal,
  options: {},
});

describe('swe-bench-report', () => {
  const temp = tempDir();
  afterAll(temp.cleanup);

  it('reads the SWE-bench harness summary; harness errors stay unknown', () => {
    const report = parseReport({
      completed_ids: ['a', 'b', 'c'],
      resolved_ids: ['a'],
      unresolved_ids: ['b'],
      empty_patch_ids: ['d'],
      error_ids: ['e'],
      incomplete_ids: ['f'],
    });
    expect([...report.entries()].sort()).toEqual([
      ['a', true],
      ['b', false],
      ['c', false],
      ['d', false],
    ]);
  });

  it('reads per-instance dicts, status words and record lists', () => {
    expect(
      parseReport({
        x: { patch_is_None: false, resolved: true },
        y: { status: 'RESOLVED_NO' },
        z: false,
        w: { model_patch: 'diff' },
      }),
    ).toEqual(
      new Map([
        ['x', true],
        ['y', false],
        ['z', false],
      ]),
    );
    expect(
      parseReport([
        { instance_id: 'p', model_patch: 'diff', resolved: 1 },
        { instance_id: 'q', test_result: { report: { resolved: false } } },
        { instance_id: 'r', model_patch: 'diff' },
      ]),
    ).toEqual(
      new Map([
        ['p', true],
        ['q', false],
      ]),
    );
    expect(resolvedFlag('maybe')).toBeNull();
  });

  it('loads JSONL reports and joins by instance id', async () => {
    const file = path.join(temp.dir, 'results.jsonl');
    writeFileSync(
      file,
      '{"instance_id": "a", "resolved": true}\n\n{"instance_id": "b", "resolved": false}\n',
    );
    const report = await loadReport(file, context());
    expect(reportOutcome(report, 'a')).toEqual({ reward: 1, success: true });
    expect(reportOutcome(report, 'b')).toEqual({ reward: 0, success: false });
    expect(reportOutcome(report, 'missing')).toBeNull();
  });

  it('refuses predictions without resolution and missing reports', async () => {
    await expect(
      loadReport(samplePath('swe-agent-traj', 'all_preds.jsonl'), context()),
    ).rejects.toThrow(/carries no resolution/);
    await expect(
      loadReport(samplePath('mini-swe-agent', 'results.json'), context()),
    ).rejects.toThrow(/carries no resolution/);
    await expect(loadReport(path.join(temp.dir, 'nope.json'), context())).rejects.toThrow(
      /not found/,
    );
  });
});
