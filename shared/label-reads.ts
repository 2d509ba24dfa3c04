// The API reads whose answers depend on the labels in force (role labels feed the credit, failure
// signals, explorer columns, charts and agreement numbers): a label write invalidates these.
/** Method names, checked as such where writes declare them (shared/api.ts). */
export const LABEL_READS = [
  'getTrajectoryCredit',
  'getFailureSignals',
  'listTrajectories',
  'getTrajectoryFacets',
  'getCharts',
  'getCreditAgreement',
  'getAnnotatorAgreement',
  'listAnnotators',
] as const;
