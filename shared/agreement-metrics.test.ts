// Hand-computed cases for the agreement metrics. Roles in ROLE_LABELS order: D decisive_progress,
// E useful_exploration, N no_progress_infrastructure, R regression.
import { describe, expect, it } from 'vitest';
import {
  agreementReport,
  binaryScores,
  cohensKappa,
  confusionMatrix,
  detectionScores,
  type LabelPair,
} from './agreement-metrics';
import type { RoleLabel } from './model';

const D = 'decisive_progress';
const E = 'useful_exploration';
const N = 'no_progress_infrastructure';
const R = 'regression';

function pairs(...spec: [RoleLabel, RoleLabel, number][]): LabelPair[] {
  return spec.flatMap(([reference, predicted, times]) =>
    Array.from({ length: times }, () => ({ reference, predicted })),
  );
}

function role(report: ReturnType<typeof agreementReport>, name: RoleLabel) {
  return report.per_role.find((r) => r.role === name);
}

describe('agreementReport', () => {
  it('matches a hand computation on ten pairs', () => {
    // D→D x3, D→E, E→E x2, E→N, N→N, R→R, R→D.
    // Confusion (rows reference, columns predicted, D E N R):
    //   D [3 1 0 0]  row 4      columns: D 4, E 3, N 2, R 1
    //   E [0 2 1 0]  row 3
    //   N [0 0 1 0]  row 1
    //   R [1 0 0 1]  row 2
    // accuracy = (3+2+1+1)/10 = 0.7
    // p_e = (4*4 + 3*3 + 1*2 + 2*1) / 100 = 0.29; kappa = (0.7 - 0.29) / (1 - 0.29) = 0.41/0.71
    // D: TP 3 FP 1 FN 1 -> P 3/4, R 3/4, F1 6/8
    // E: TP 2 FP 1 FN 1 -> P 2/3, R 2/3, F1 4/6
    // N: TP 1 FP 1 FN 0 -> P 1/2, R 1,   F1 2/3
    // R: TP 1 FP 0 FN 1 -> P 1,   R 1/2, F1 2/3
    const report = agreementReport(
      pairs([D, D, 3], [D, E, 1], [E, E, 2], [E, N, 1], [N, N, 1], [R, R, 1], [R, D, 1]),
    );
    expect(report.n).toBe(10);
    expect(report.accuracy).toBeCloseTo(0.7, 12);
    expect(report.kappa).toBeCloseTo(0.41 / 0.71, 12);
    expect(report.confusion).toEqual([
      [3, 1, 0, 0],
      [0, 2, 1, 0],
      [0, 0, 1, 0],
      [1, 0, 0, 1],
    ]);
    expect(role(report, D)).toEqual({
      role: D,
      support: 4,
      precision: 0.75,
      recall: 0.75,
      f1: 0.75,
    });
    expect(role(report, E)?.support).toBe(3);
    expect(role(report, E)?.precision).toBeCloseTo(2 / 3, 12);
    expect(role(report, E)?.recall).toBeCloseTo(2 / 3, 12);
    expect(role(report, E)?.f1).toBeCloseTo(2 / 3, 12);
    expect(role(report, N)).toMatchObject({ support: 1, precision: 0.5, recall: 1 });
    expect(role(report, N)?.f1).toBeCloseTo(2 / 3, 12);
    expect(role(report, R)).toMatchObject({ support: 2, precision: 1, recall: 0.5 });
    expect(role(report, R)?.f1).toBeCloseTo(2 / 3, 12);
  });

  it('gives nulls without pairs', () => {
    const report = agreementReport([]);
    expect(report).toEqual({
      n: 0,
      accuracy: null,
      kappa: null,
      per_role: [D, E, N, R].map((name) => ({
        role: name,
        support: 0,
        precision: null,
        recall: null,
        f1: null,
      })),
      confusion: [
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
      ],
    });
  });

  it('leaves kappa undefined when both sides use one and the same role', () => {
    // D→D x3: p_o = 1, p_e = (3*3)/9 = 1, so (p_o - p_e)/(1 - p_e) = 0/0.
    const report = agreementReport(pairs([D, D, 3]));
    expect(report.accuracy).toBe(1);
    expect(report.kappa).toBeNull();
    expect(role(report, D)).toMatchObject({ precision: 1, recall: 1, f1: 1 });
    // E was neither a reference nor a prediction: nothing to score.
    expect(role(report, E)).toMatchObject({ support: 0, precision: null, recall: null, f1: null });
  });

  it('gives kappa 1 for perfect agreement and -1 for a systematic swap of two roles', () => {
    // D→D, E→E: p_o = 1, p_e = (1*1 + 1*1)/4 = 0.5, kappa = 0.5/0.5 = 1.
    expect(agreementReport(pairs([D, D, 1], [E, E, 1])).kappa).toBe(1);
    // D→E, E→D: p_o = 0, p_e = 0.5, kappa = -0.5/0.5 = -1; D: TP 0 FP 1 FN 1 -> P 0 R 0 F1 0.
    const swapped = agreementReport(pairs([D, E, 1], [E, D, 1]));
    expect(swapped.kappa).toBe(-1);
    expect(swapped.accuracy).toBe(0);
    expect(role(swapped, D)).toMatchObject({ precision: 0, recall: 0, f1: 0 });
  });

  it('gives kappa 0 for a labeler that always says the same role', () => {
    // D→D, E→D: p_o = 0.5; rows D 1, E 1; columns D 2: p_e = (1*2 + 1*0)/4 = 0.5, kappa 0.
    // E was never predicted: precision undefined (null), recall 0/1 = 0, F1 = 0/(0+0+1) = 0.
    // D: TP 1 FP 1 FN 0 -> P 0.5, R 1, F1 2/3.
    const report = agreementReport(pairs([D, D, 1], [E, D, 1]));
    expect(report.kappa).toBe(0);
    expect(role(report, E)).toMatchObject({ support: 1, precision: null, recall: 0, f1: 0 });
    expect(role(report, D)).toMatchObject({ precision: 0.5, recall: 1 });
    expect(role(report, D)?.f1).toBeCloseTo(2 / 3, 12);
  });

  it('gives kappa 0 when the reference uses one role and the labeler varies', () => {
    // D→D, D→E: p_o = 0.5; rows D 2; columns D 1, E 1: p_e = (2*1)/4 = 0.5, kappa 0.
    // E: TP 0 FP 1 FN 0 -> P 0, R undefined (no reference E), F1 = 0/(0+1+0) = 0.
    const report = agreementReport(pairs([D, D, 1], [D, E, 1]));
    expect(report.kappa).toBe(0);
    expect(role(report, E)).toMatchObject({ support: 0, precision: 0, recall: null, f1: 0 });
  });

  it('can be below zero without being -1', () => {
    // D→E x2, E→D, E→E: p_o = 1/4; rows D 2, E 2; columns D 1, E 3;
    // p_e = (2*1 + 2*3)/16 = 0.5; kappa = (0.25 - 0.5)/0.5 = -0.5.
    expect(agreementReport(pairs([D, E, 2], [E, D, 1], [E, E, 1])).kappa).toBeCloseTo(-0.5, 12);
  });
});

describe('cohensKappa and confusionMatrix', () => {
  it('agree with agreementReport and index roles in ROLE_LABELS order', () => {
    const matrix = confusionMatrix(pairs([R, N, 2]));
    expect(matrix[3]).toEqual([0, 0, 2, 0]);
    // Rows R 2, columns N 2: p_e = 0 (no overlap of marginals), p_o = 0, kappa 0.
    expect(cohensKappa(matrix)).toBe(0);
    expect(cohensKappa([[0]])).toBeNull();
  });
});

describe('binary scores', () => {
  it('follow TP/FP/FN with nulls where undefined', () => {
    // TP 2 FP 1 FN 3: P 2/3, R 2/5, F1 4/(4+1+3) = 0.5.
    const scores = binaryScores(2, 1, 3);
    expect(scores.support).toBe(5);
    expect(scores.precision).toBeCloseTo(2 / 3, 12);
    expect(scores.recall).toBeCloseTo(0.4, 12);
    expect(scores.f1).toBe(0.5);
    expect(binaryScores(0, 0, 0)).toEqual({ support: 0, precision: null, recall: null, f1: null });
  });

  it('count detections of one role', () => {
    // Reference yes/predicted yes, yes/no, no/yes, no/no: TP 1 FN 1 FP 1 -> P 0.5 R 0.5 F1 0.5.
    const scores = detectionScores([
      { reference: true, predicted: true },
      { reference: true, predicted: false },
      { reference: false, predicted: true },
      { reference: false, predicted: false },
    ]);
    expect(scores).toEqual({ support: 2, precision: 0.5, recall: 0.5, f1: 0.5 });
  });
});
