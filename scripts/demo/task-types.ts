// What a simulated task is: its repository, prompt, tools, budget, and how its final state is graded.

import type { FixCandidate } from './repair-catalog';
import type { NativeModules } from './python-runtime';
import type { Difficulty, GroundTruth, ToolSpec } from './record-types';
import type { VirtualFs } from './virtual-fs';

/** What the task factory decides before a family builds the task. */
export interface TaskSeed {
  id: string;
  index: number;
  difficulty: Difficulty;
  ease: number;
  /** Which template of the family, and how it is parameterised. */
  variant: number;
}

export interface Grade {
  /** Check id -> passed. For test-graded tasks a check is one pristine test. */
  checks: Record<string, boolean>;
  passed: number;
  total: number;
  success: boolean;
  /** 1.0 on success; partial credit otherwise (see grading). */
  reward: number;
}

interface TaskCommon {
  id: string;
  index: number;
  difficulty: Difficulty;
  title: string;
  prompt: string;
  files: Readonly<Record<string, string>>;
  tools: ToolSpec[];
  stepBudget: number;
  /** Hidden per-task ease in [-1, 1]: within a difficulty, some tasks are easier than others. */
  ease: number;
  /** Files whose contents move an agent closer to solving the task. */
  relevantPaths: string[];
  natives: NativeModules;
  grade(fs: VirtualFs, submission: string | null): Grade;
  /** What grade() checks, as data (metadata.ground_truth of every rollout). */
  groundTruth: GroundTruth;
}

export interface RepairBug {
  modulePath: string;
  testPath: string;
  functionName: string;
  params: string[];
  buggyExpr: string;
  fixes: FixCandidate[];
  insight: string;
}

export interface RepairTask extends TaskCommon {
  family: 'repair';
  packageName: string;
  bugs: RepairBug[];
  /** Healthy functions an agent might wrongly "fix": path, function, plausible wrong rewrites. */
  decoys: { modulePath: string; functionName: string; params: string[]; mutations: string[] }[];
}

export interface ConfigChange {
  section: string;
  key: string;
  /** The name an agent guesses without having seen the real key (e.g. log_level for level). */
  guessKey: string;
  value: string;
  /** A plausible but wrongly formatted value (e.g. "45s" where "45" is expected). */
  sloppyValue: string;
  description: string;
}

export interface ConfigTask extends TaskCommon {
  family: 'config';
  service: string;
  environment: string;
  changes: ConfigChange[];
  /** A file that looks like the environment's config but is never loaded (hard tasks). */
  decoyPath: string | null;
}

export interface InvestigateTask extends TaskCommon {
  family: 'investigate';
  question: string;
  answer: string;
  /** Answers an agent gives when it has found the truth (all graded correct). */
  correctForms: string[];
  /** The stale value a decoy file states, and near-misses a sloppy agent submits. */
  decoyAnswer: string;
  sloppyForms: string[];
  /** Text whose presence in an observation reveals the answer / the decoy / the pointer. */
  truthMarker: string;
  decoyMarkers: string[];
  pointerMarker: string;
  truthPath: string;
  entryPath: string;
  decoyPath: string;
  /** Search strings suggested by the question, most natural first. */
  searchTerms: string[];
  /** The identifier the pointer reveals; searching it finds the truth ('' if none). */
  symbol: string;
}

export type Task = RepairTask | ConfigTask | InvestigateTask;
