// Bug templates for the repair family. Each is a small module with one buggy function and correct
// siblings. Candidate fixes are what the simulated agent may try; their `kind` is only the
// author's note for the agent's prior. What a fix really does is decided by running the tests.

import {
  BATCHING_TEMPLATE,
  PAGER_TEMPLATE,
  PRICING_TEMPLATE,
  UNITS_TEMPLATE,
} from './repair-templates-arithmetic';
import {
  DATES_TEMPLATE,
  RANGES_TEMPLATE,
  RETRY_TEMPLATE,
  STATS_TEMPLATE,
} from './repair-templates-logic';

export interface CaseTemplate {
  name: string;
  args: number[];
}

export interface FunctionTemplate {
  name: string;
  params: string[];
  doc: string;
  /** The correct return expression. */
  body: string;
  cases: CaseTemplate[];
  /** Plausible but wrong rewrites, for an agent that misdiagnoses this function. */
  mutations: string[];
}

export type FixKind = 'correct' | 'partial' | 'wrong' | 'syntax';

export interface FixCandidate {
  expr: string;
  kind: FixKind;
}

export interface BugTemplate {
  module: string;
  moduleDoc: string;
  target: FunctionTemplate;
  buggy: string;
  fixes: FixCandidate[];
  siblings: FunctionTemplate[];
  /** What a user would report. */
  symptom: string;
  /** A precise statement of the failure, for easy tasks. */
  pinpoint: string;
  /** How the agent explains the bug once it understands it. */
  insight: string;
}

export const BUG_TEMPLATES: readonly BugTemplate[] = [
  PAGER_TEMPLATE,
  DATES_TEMPLATE,
  RANGES_TEMPLATE,
  PRICING_TEMPLATE,
  RETRY_TEMPLATE,
  STATS_TEMPLATE,
  UNITS_TEMPLATE,
  BATCHING_TEMPLATE,
];

export const PACKAGE_NAMES: readonly string[] = [
  'ledgerly',
  'cartwheel',
  'tallyho',
  'rosterkit',
  'parcelpy',
  'metricsmith',
  'invoicer',
  'bookwise',
  'stockroom',
  'fleetlog',
];
