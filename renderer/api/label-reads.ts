// The API reads whose answers depend on the labels in force (role labels feed the credit, failure
// signals, explorer columns, charts and agreement numbers): a label write invalidates these.
import type { ApiMethod } from '../../shared/api';

export const LABEL_READS: readonly ApiMethod[] = [
  'getTrajectoryCredit',
  'getFailureSignals',
  'listTrajectories',
  'getTrajectoryFacets',
  'getCharts',
  'getCreditAgreement',
  'getAnnotatorAgreement',
  'listAnnotators',
];
