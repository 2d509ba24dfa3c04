// Agreement between two annotators through the engine's dispatch: labels set with setLabel under
// two names, compared on the segments both labeled (newest label each), against a hand-computed
// Cohen's kappa; and the annotator list.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleLabel } from '../../shared/model';
import { callOk, importDataset } from '../testing/dispatch-test-support';
import { openEngine } from '../engine';
import type { Engine } from '../core/engine-types';
import { tempDir, turnwiseRecord, writeJsonl } from '../testing/test-support';

const tmp = tempDir();
let engine: Engine;

async function label(annotator: string, at: [string, number], role: RoleLabel): Promise<void> {
  const [trajectory_id, segment_index] = at;
  await callOk(engine, 'setLabel', { trajectory_id, segment_index, role_label: role, annotator });
}

const A0: [string, number] = ['t:a', 0];
const A1: [string, number] = ['t:a', 1];
const A2: [string, number] = ['t:a', 2];
const B0: [string, number] = ['t:b', 0];
const B1: [string, number] = ['t:b', 1];
const B2: [string, number] = ['t:b', 2];

beforeAll(async () => {
  const file = writeJsonl(path.join(tmp.dir, 't.jsonl'), [
    turnwiseRecord({ id: 'a', actions: 3 }),
    turnwiseRecord({ id: 'b', actions: 3 }),
  ]);
  engine = await openEngine({ dbPath: path.join(tmp.dir, 'ws.duckdb') });
  await importDataset(engine, file, 't');
  const segments = await callOk(engine, 'getSegments', { trajectory_id: 't:a' });
  expect(segments.segments.length).toBeGreaterThanOrEqual(3);

  // alice: DP DP UE REG REG on five segments (A0 first labeled UE, then relabeled DP).
  await label('alice', A0, 'useful_exploration');
  await label('alice', A0, 'decisive_progress');
  await label('alice', A1, 'decisive_progress');
  await label('alice', A2, 'useful_exploration');
  await label('alice', B0, 'regression');
  await label('alice', B1, 'regression');
  // bob: DP UE UE REG DP on the same five, plus one alice did not label.
  await label('bob', A0, 'decisive_progress');
  await label('bob', A1, 'useful_exploration');
  await label('bob', A2, 'useful_exploration');
  await label('bob', B0, 'regression');
  await label('bob', B1, 'decisive_progress');
  await label('bob', B2, 'no_progress_infrastructure');
  await label('carol', A0, 'regression');
}, 60_000);
afterAll(async () => {
  await engine.close();
  tmp.cleanup();
});

describe('annotator agreement', () => {
  it('lists the annotators with the segments each labeled', async () => {
    const { annotators } = await callOk(engine, 'listAnnotators', {});
    expect(annotators).toEqual([
      { name: 'alice', labels: 5 },
      { name: 'bob', labels: 6 },
      { name: 'carol', labels: 1 },
    ]);
  });

  it('reports raw agreement, Cohen kappa, per-role scores and the confusion', async () => {
    const report = await callOk(engine, 'getAnnotatorAgreement', {
      a: 'alice',
      b: 'bob',
    });
    // Five shared segments, three agree. Marginals alice DP 2 UE 1 REG 2, bob DP 2 UE 2 REG 1:
    // p_e = (2*2 + 1*2 + 2*1) / 25 = 0.32, kappa = (0.6 - 0.32) / 0.68 = 7/17.
    expect(report.n).toBe(5);
    expect(report.accuracy).toBeCloseTo(0.6, 12);
    expect(report.kappa).toBeCloseTo(7 / 17, 12);
    expect(report.confusion).toEqual([
      [1, 1, 0, 0],
      [0, 1, 0, 0],
      [0, 0, 0, 0],
      [1, 0, 0, 1],
    ]);
    const byRole = Object.fromEntries(report.per_role.map((r) => [r.role, r]));
    expect(byRole.decisive_progress).toEqual({
      role: 'decisive_progress',
      support: 2,
      precision: 0.5,
      recall: 0.5,
      f1: 0.5,
    });
    expect(byRole.useful_exploration).toMatchObject({ support: 1, precision: 0.5, recall: 1 });
    expect(byRole.useful_exploration?.f1).toBeCloseTo(2 / 3, 12);
    expect(byRole.regression).toMatchObject({ support: 2, precision: 1, recall: 0.5 });
    expect(byRole.no_progress_infrastructure).toEqual({
      role: 'no_progress_infrastructure',
      support: 0,
      precision: null,
      recall: null,
      f1: null,
    });

    // Swapping the two transposes the confusion; agreement and kappa stay.
    const swapped = await callOk(engine, 'getAnnotatorAgreement', {
      a: 'bob',
      b: 'alice',
    });
    expect(swapped.kappa).toBeCloseTo(7 / 17, 12);
    expect(swapped.confusion[0]).toEqual([1, 0, 0, 1]);
  });

  it('is empty for annotators who share no segment, and refuses one annotator twice', async () => {
    const none = await callOk(engine, 'getAnnotatorAgreement', {
      a: 'carol',
      b: 'nobody',
    });
    expect(none).toMatchObject({ n: 0, accuracy: null, kappa: null });
    const other = await callOk(engine, 'getAnnotatorAgreement', {
      a: 'alice',
      b: 'bob',
      segmentation: 'window:2',
    });
    expect(other.n).toBe(0);
    await expect(callOk(engine, 'getAnnotatorAgreement', { a: 'bob', b: 'bob' })).rejects.toThrow(
      /invalid_input: agreement needs two different annotators/,
    );
    await expect(callOk(engine, 'getAnnotatorAgreement', { a: 'x y', b: 'bob' })).rejects.toThrow(
      /invalid_input|bad_request/,
    );
  });
});
