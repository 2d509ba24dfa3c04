import { describe, expect, it } from 'vitest';
import type { PlannedAction } from './agent-core';
import { DEFAULT_ROLLOUT_OPTIONS } from './rollouts';
import { StepOracle } from './step-oracle';
import { buildTask } from './task-factory';
import type { RepairTask } from './task-types';
import { executeTool, type ToolName } from './tools';
import { VirtualFs } from './virtual-fs';

function firstRepairTask(): RepairTask {
  for (let index = 0; ; index += 1) {
    const task = buildTask(index, DEFAULT_ROLLOUT_OPTIONS.seed);
    if (task.family === 'repair' && task.bugs.length === 1) return task;
  }
}

/** Runs hand-written steps through the real tools and the oracle; returns their roles. */
function episode(task: RepairTask) {
  const fs = new VirtualFs(task.files);
  const oracle = new StepOracle(task, fs);
  let turn = 2;
  const step = (tool: ToolName, args: Record<string, string>, intent = 'test'): string => {
    const action: PlannedAction = { intent, tool, args, thought: '', say: null };
    const role = oracle.classify(turn, action, executeTool(fs, tool, args, task.natives), fs);
    turn += 2;
    return role;
  };
  return { fs, oracle, step };
}

describe('step oracle', () => {
  const task = firstRepairTask();
  const bug = task.bugs[0] as RepairTask['bugs'][number];
  const correct = bug.fixes.find((fix) => fix.kind === 'correct')?.expr as string;
  const decoy = task.decoys.find((d) => d.modulePath === bug.modulePath && d.mutations.length > 0);

  it('labels look-ups by what they reveal', () => {
    const { step } = episode(task);
    expect(step('list_dir', { path: '.' })).toBe('useful_exploration');
    expect(step('read_file', { path: bug.modulePath })).toBe('useful_exploration');
    expect(step('read_file', { path: 'README.md' })).toBe('no_progress_infrastructure');
    expect(step('read_file', { path: bug.modulePath })).toBe('regression');
    expect(step('run_tests', {})).toBe('useful_exploration');
    expect(step('run_tests', {})).toBe('regression');
  });

  it('labels edits by their effect on the checks and attributes the failure', () => {
    const { step, oracle } = episode(task);
    const sibling = decoy as NonNullable<typeof decoy>;
    const source = new VirtualFs(task.files).read(sibling.modulePath) as string;
    const line = source
      .split('\n')
      .find((l, i, all) => all[i - 2]?.startsWith(`def ${sibling.functionName}(`)) as string;
    const broken = `    return ${sibling.mutations[0] as string}`;
    expect(step('edit_file', { path: sibling.modulePath, old_str: line, new_str: broken })).toBe(
      'regression',
    );
    expect(step('edit_file', { path: sibling.modulePath, old_str: line, new_str: broken })).toBe(
      'no_progress_infrastructure',
    );
    expect(step('submit', { summary: 'done' }, 'submit_unverified')).toBe('regression');
    expect(oracle.failure(false)).toEqual({ step: 2, mode: 'wrong_edit' });
  });

  it('forgives repaired damage and credits the real fix', () => {
    const { step, oracle, fs } = episode(task);
    const oldBug = `    return ${bug.buggyExpr}`;
    expect(
      step('edit_file', {
        path: bug.modulePath,
        old_str: oldBug,
        new_str: `    return ${correct}`,
      }),
    ).toBe('decisive_progress');
    expect(step('submit', { summary: 'fixed' })).toBe('decisive_progress');
    expect(task.grade(fs, null).success).toBe(true);
    expect(oracle.failure(true)).toEqual({ step: null, mode: null });
  });

  it('treats editing the tests as a regression even though the grade is unchanged', () => {
    const { step, oracle } = episode(task);
    const tests = new VirtualFs(task.files).read(bug.testPath) as string;
    const assertLine = tests
      .split('\n')
      .find((l) => l.includes(`assert ${bug.functionName}(`)) as string;
    const edited = assertLine.replace(/== .+$/, '== -1');
    expect(step('edit_file', { path: bug.testPath, old_str: assertLine, new_str: edited })).toBe(
      'regression',
    );
    expect(oracle.failure(false).mode).toBe('test_tampering');
  });

  it('blames the first wasted step when the budget runs out', () => {
    const { step, oracle } = episode(task);
    step('list_dir', { path: '.' });
    step('list_dir', { path: '.' });
    step('read_file', { path: bug.testPath });
    expect(oracle.failure(false)).toEqual({ step: 4, mode: 'repetition_loop' });
  });
});
