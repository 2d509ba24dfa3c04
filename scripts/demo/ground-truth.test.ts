// The recorded ground truth must be enough to grade without the simulator: from it alone (plus test
// outcomes or effective settings, which a reward function gets by running the real code) these
// tests recompute what task.grade() says for many final states.

import { describe, expect, it } from 'vitest';
import { loadEnvironmentConfig } from './ini-config';
import { iniFromValues, setIniValue } from './ini-text';
import { checkRecord } from './record-check';
import { round4 } from './random';
import type { GroundTruth, RolloutMetadata, TestsByFile, TurnwiseRecord } from './record-types';
import { DEFAULT_ROLLOUT_OPTIONS, generateRollouts } from './rollouts';
import { buildTask } from './task-factory';
import { PARTIAL_CREDIT } from './task-grading';
import type { ConfigTask, Grade, RepairTask, Task } from './task-types';
import { VirtualFs } from './virtual-fs';

const TASKS: Task[] = Array.from({ length: 48 }, (_, index) =>
  buildTask(index, DEFAULT_ROLLOUT_OPTIONS.seed),
);

const nodeIds = (tests: TestsByFile): string[] =>
  Object.entries(tests).flatMap(([file, names]) => names.map((name) => `${file}::${name}`));

/** The documented reward rule applied to check outcomes. */
function reward(checks: ReadonlyMap<string, boolean>, targets: readonly string[]): number {
  const all = [...checks.values()];
  if (all.every(Boolean)) return 1;
  const broken = [...checks].some(([id, passed]) => !passed && !targets.includes(id));
  const fixed = targets.filter((id) => checks.get(id) === true).length;
  return broken || targets.length === 0 ? 0 : round4((PARTIAL_CREDIT * fixed) / targets.length);
}

function expectTestsTruth(task: RepairTask, fs: VirtualFs): void {
  const truth = task.groundTruth as Extract<GroundTruth, { kind: 'tests' }>;
  const grade: Grade = task.grade(fs, null);
  const ids = nodeIds(truth.tests);
  expect(ids, task.id).toEqual(Object.keys(grade.checks));
  const outcomes = new Map(ids.map((id) => [id, grade.checks[id] === true]));
  expect(reward(outcomes, nodeIds(truth.targets)), task.id).toBe(grade.reward);
}

/** Outcome of every expected setting, read through the overlay loader as the graded tests do. */
function settingOutcomes(task: ConfigTask, fs: VirtualFs): Map<string, boolean> {
  const truth = task.groundTruth as Extract<GroundTruth, { kind: 'settings' }>;
  const outcomes = new Map<string, boolean>();
  for (const [env, sections] of Object.entries(truth.expected)) {
    const actual = loadEnvironmentConfig(fs, env) as Record<string, Record<string, unknown>>;
    for (const [section, values] of Object.entries(sections))
      for (const [key, value] of Object.entries(values))
        outcomes.set(`${env}/${section}/${key}`, actual[section]?.[key] === value);
  }
  return outcomes;
}

function settingTargets(task: ConfigTask): string[] {
  const truth = task.groundTruth as Extract<GroundTruth, { kind: 'settings' }>;
  return Object.entries(truth.targets).flatMap(([env, sections]) =>
    Object.entries(sections).flatMap(([section, values]) =>
      Object.keys(values).map((key) => `${env}/${section}/${key}`),
    ),
  );
}

function edited(task: ConfigTask, path: string, value: (c: ConfigTask['changes'][0]) => string) {
  const fs = new VirtualFs(task.files);
  const text = task.changes.reduce(
    (ini, c) => setIniValue(ini, c.section, c.key, value(c)),
    fs.read(path) as string,
  );
  fs.write(path, text);
  return fs;
}

describe('ground truth', () => {
  it('has the kind of its family', () => {
    const kinds = { repair: 'tests', config: 'settings', investigate: 'answer' };
    for (const task of TASKS) expect(task.groundTruth.kind, task.id).toBe(kinds[task.family]);
  });

  it('names the buggy functions, every graded test and the failing ones of repair tasks', () => {
    for (const task of TASKS) {
      if (task.family !== 'repair') continue;
      const truth = task.groundTruth as Extract<GroundTruth, { kind: 'tests' }>;
      expect(Object.values(truth.fix).flat(), task.id).toEqual(
        task.bugs.map((b) => b.functionName),
      );
      expectTestsTruth(task, new VirtualFs(task.files));
      for (const bug of task.bugs) {
        for (const fix of bug.fixes) {
          const fs = new VirtualFs(task.files);
          const source = fs.read(bug.modulePath) as string;
          fs.write(
            bug.modulePath,
            source.replace(`return ${bug.buggyExpr}\n`, `return ${fix.expr}\n`),
          );
          expectTestsTruth(task, fs);
        }
      }
    }
  });

  it('states the settings config tasks are graded by', () => {
    for (const task of TASKS) {
      if (task.family !== 'config') continue;
      const blind = new VirtualFs(task.files);
      blind.write('config/staging.ini', iniFromValues(task.changes, '# Staging overrides.'));
      const states = [
        new VirtualFs(task.files),
        edited(task, 'config/staging.ini', (c) => c.value),
        edited(task, 'config/staging.ini', (c) => c.sloppyValue),
        edited(task, 'config/base.ini', (c) => c.value),
        blind,
      ];
      for (const fs of states) {
        const grade = task.grade(fs, null);
        const outcomes = settingOutcomes(task, fs);
        expect(outcomes.size, task.id).toBe(grade.total);
        expect([...outcomes.values()].filter(Boolean).length, task.id).toBe(grade.passed);
        expect(reward(outcomes, settingTargets(task)), task.id).toBe(grade.reward);
      }
    }
  });

  it('lists answers the investigate grader accepts', () => {
    for (const task of TASKS) {
      if (task.groundTruth.kind !== 'answer') continue;
      const fs = new VirtualFs(task.files);
      for (const answer of [task.groundTruth.answer, ...task.groundTruth.accepted])
        expect(task.grade(fs, answer).success, `${task.id} ${answer}`).toBe(true);
    }
  });

  it('is the same, key order included, for every rollout of a task', () => {
    const seen = new Map<string, Set<string>>();
    for (const record of generateRollouts({ tasks: 6, rollouts: 3 })) {
      const texts = seen.get(record.task_id) ?? new Set<string>();
      texts.add(JSON.stringify(record.metadata.ground_truth));
      seen.set(record.task_id, texts);
    }
    for (const texts of seen.values()) expect(texts.size).toBe(1);
  });

  it('is required and checked against the grade by checkRecord', () => {
    const record = generateRollouts({ tasks: 1, rollouts: 1 }).next().value as TurnwiseRecord;
    expect(checkRecord(record, 1)).toEqual([]);
    const missing = structuredClone(record) as { metadata: Partial<RolloutMetadata> };
    delete missing.metadata.ground_truth;
    expect(checkRecord(missing as TurnwiseRecord, 1)).toEqual([
      'repair-000-s0: metadata.ground_truth missing',
    ]);
    const wrong = structuredClone(record);
    wrong.metadata.ground_truth = { kind: 'answer', answer: '4', accepted: ['4'] };
    expect(checkRecord(wrong, 1)).toHaveLength(2);
  });
});
