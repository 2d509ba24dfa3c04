import { describe, expect, it } from 'vitest';
import { iniFromValues, setIniValue } from './ini-text';
import { DEFAULT_ROLLOUT_OPTIONS } from './rollouts';
import { buildTask } from './task-factory';
import { answersMatch } from './task-grading';
import type { ConfigTask, InvestigateTask, RepairTask, Task } from './task-types';
import { VirtualFs } from './virtual-fs';

const SEED = DEFAULT_ROLLOUT_OPTIONS.seed;
const TASKS: Task[] = Array.from({ length: 48 }, (_, index) => buildTask(index, SEED));
const byFamily = <F extends Task['family']>(family: F): Extract<Task, { family: F }>[] =>
  TASKS.filter((task): task is Extract<Task, { family: F }> => task.family === family);

function withFixes(task: RepairTask, choose: (bugIndex: number) => string): VirtualFs {
  const fs = new VirtualFs(task.files);
  task.bugs.forEach((bug, i) => {
    const source = fs.read(bug.modulePath) as string;
    fs.write(
      bug.modulePath,
      source.replace(`    return ${bug.buggyExpr}\n`, `    return ${choose(i)}\n`),
    );
  });
  return fs;
}

function correctFix(task: RepairTask, i: number): string {
  return task.bugs[i]?.fixes.find((fix) => fix.kind === 'correct')?.expr ?? '';
}

describe('task factory', () => {
  it('is deterministic and rotates families and difficulties', () => {
    expect(JSON.stringify(buildTask(5, SEED).files)).toBe(JSON.stringify(TASKS[5]?.files));
    expect(TASKS.slice(0, 3).map((task) => task.family)).toEqual([
      'repair',
      'config',
      'investigate',
    ]);
    for (const family of ['repair', 'config', 'investigate'] as const) {
      const difficulties = byFamily(family)
        .slice(0, 8)
        .map((task) => task.difficulty);
      expect(difficulties.filter((d) => d === 'easy')).toHaveLength(2);
      expect(difficulties.filter((d) => d === 'hard')).toHaveLength(2);
    }
  });

  it('never starts solved', () => {
    for (const task of TASKS) {
      expect(task.grade(new VirtualFs(task.files), null).success, task.id).toBe(false);
    }
  });
});

describe('repair tasks', () => {
  it('are solved by the correct fix of every bug', () => {
    for (const task of byFamily('repair')) {
      const grade = task.grade(
        withFixes(task, (i) => correctFix(task, i)),
        null,
      );
      expect(grade.success, task.id).toBe(true);
      expect(grade.reward).toBe(1);
    }
  });

  it('grade each candidate fix as its kind says', () => {
    for (const task of byFamily('repair')) {
      task.bugs.forEach((bug, target) => {
        for (const fix of bug.fixes) {
          const fs = withFixes(task, (i) => (i === target ? fix.expr : correctFix(task, i)));
          const grade = task.grade(fs, null);
          const label = `${task.id} ${bug.functionName} -> ${fix.expr}`;
          if (fix.kind === 'correct') expect(grade.success, label).toBe(true);
          if (fix.kind === 'syntax') expect(grade.passed, label).toBe(0);
          if (fix.kind === 'wrong' || fix.kind === 'partial')
            expect(grade.success, label).toBe(false);
          if (fix.kind === 'partial') expect(grade.reward, label).toBeGreaterThan(0);
        }
      });
    }
  });

  it('grade the pristine tests, so editing a test does not help', () => {
    const task = byFamily('repair')[0] as RepairTask;
    const fs = new VirtualFs(task.files);
    const testPath = task.bugs[0]?.testPath as string;
    fs.write(testPath, (fs.read(testPath) as string).replace(/== .+$/gm, '== 0'));
    expect(task.grade(fs, null)).toEqual(task.grade(new VirtualFs(task.files), null));
  });
});

describe('config tasks', () => {
  const stagingWith = (task: ConfigTask, fs: VirtualFs): void => {
    const text = task.changes.reduce(
      (ini, c) => setIniValue(ini, c.section, c.key, c.value),
      fs.read('config/staging.ini') as string,
    );
    fs.write('config/staging.ini', text);
  };

  it('are solved by setting the requested values in staging.ini', () => {
    for (const task of byFamily('config')) {
      const fs = new VirtualFs(task.files);
      stagingWith(task, fs);
      expect(task.grade(fs, null).success, task.id).toBe(true);
    }
  });

  it('punish sloppy values, blind overwrites and edits of the shared base.ini', () => {
    let leakedToProduction = 0;
    for (const task of byFamily('config')) {
      const sloppy = new VirtualFs(task.files);
      const text = task.changes.reduce(
        (ini, c) => setIniValue(ini, c.section, c.key, c.sloppyValue),
        sloppy.read('config/staging.ini') as string,
      );
      sloppy.write('config/staging.ini', text);
      expect(task.grade(sloppy, null).success, task.id).toBe(false);

      const blind = new VirtualFs(task.files);
      blind.write('config/staging.ini', iniFromValues(task.changes, '# Staging overrides.'));
      expect(task.grade(blind, null).reward, task.id).toBe(0);

      const base = new VirtualFs(task.files);
      const baseText = task.changes.reduce(
        (ini, c) => setIniValue(ini, c.section, c.key, c.value),
        base.read('config/base.ini') as string,
      );
      base.write('config/base.ini', baseText);
      if (task.grade(base, null).reward === 0) leakedToProduction += 1;
    }
    expect(leakedToProduction).toBeGreaterThan(0);
  });

  it('hide the requested values from the repo tests unless the task is easy', () => {
    for (const task of byFamily('config')) {
      const tests = task.files['tests/test_config.py'] as string;
      const visible = task.changes.every((c) =>
        tests.includes(`["${c.section}"]["${c.key}"] == "${c.value}"`),
      );
      expect(visible, task.id).toBe(task.difficulty === 'easy');
    }
  });
});

describe('investigate tasks', () => {
  it('accept the correct forms and reject the decoy and near-misses', () => {
    for (const task of byFamily('investigate') as InvestigateTask[]) {
      const fs = new VirtualFs(task.files);
      for (const answer of task.correctForms)
        expect(task.grade(fs, answer).success, `${task.id} ${answer}`).toBe(true);
      for (const answer of [task.decoyAnswer, ...task.sloppyForms, 'unknown']) {
        expect(task.grade(fs, answer).success, `${task.id} ${answer}`).toBe(false);
      }
      expect(task.grade(fs, null).success).toBe(false);
    }
  });

  it('hide the answer in the source and the decoy in a document', () => {
    for (const task of byFamily('investigate') as InvestigateTask[]) {
      expect(task.files[task.truthPath], task.id).toContain(task.truthMarker);
      expect(
        Object.values(task.files).some((text) => text.includes(task.decoyMarkers[0] as string)),
        task.id,
      ).toBe(true);
      if (task.pointerMarker !== '')
        expect(task.files[task.entryPath] ?? '', task.id).toContain(task.pointerMarker);
    }
  });

  it('compares answers leniently but not loosely', () => {
    expect(answersMatch(' `26214400`. ', '26214400')).toBe(true);
    expect(answersMatch('25 * 1024 * 1024', '26214400')).toBe(true);
    expect(answersMatch('./src/a.py', 'src/a.py')).toBe(true);
    expect(answersMatch('25 MB', '26214400')).toBe(false);
    expect(answersMatch('3', '5')).toBe(false);
  });
});
