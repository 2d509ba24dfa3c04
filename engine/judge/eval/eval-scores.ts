// The numbers of a judge evaluation from its suite rows (pure; eval-suite.ts reads the rows).
import { agreementReport, detectionScores } from '../../../shared/agreement-metrics';
import type { JudgeEval } from '../../../shared/api-judge-eval';
import type { LabelPair } from '../../../shared/agreement-metrics';
import type { SuiteRow } from './eval-suite';

type Scores = Pick<
  JudgeEval,
  'counterexamples' | 'human_labeled' | 'regression_in_success' | 'suite_segments' | 'unjudged'
>;

function pairsAgainst(rows: SuiteRow[], truth: 'counterexample' | 'human'): LabelPair[] {
  return rows.flatMap((row) => {
    const reference = row[truth];
    return reference === null || row.judge === null ? [] : [{ reference, predicted: row.judge }];
  });
}

/**
 * Regression detection inside successful trajectories, over every judged suite segment of one;
 * the truth is the reviewer's decision where the segment is an approved counterexample (the more
 * deliberate judgement), else its human label.
 */
function regressionInSuccess(rows: SuiteRow[]): JudgeEval['regression_in_success'] {
  return detectionScores(
    rows.flatMap((row) => {
      const truth = row.counterexample ?? row.human;
      if (row.success !== true || row.judge === null || truth === null) return [];
      return [{ reference: truth === 'regression', predicted: row.judge === 'regression' }];
    }),
  );
}

export function scoreSuite(rows: SuiteRow[]): Scores {
  return {
    counterexamples: agreementReport(pairsAgainst(rows, 'counterexample')),
    human_labeled: agreementReport(pairsAgainst(rows, 'human')),
    regression_in_success: regressionInSuccess(rows),
    suite_segments: rows.length,
    unjudged: rows.filter((row) => row.judge === null).length,
  };
}
