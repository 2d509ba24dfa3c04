// How much a repair agent wants to open a file it knows of but has not read: the file named in the
// prompt and files implicated by failing tests first, guesses from module names by skill, and
// boilerplate (README, changelog) mostly by careless samples.

import type { Persona } from './agent-core';
import type { RepairKnowledge } from './repair-knowledge';
import type { RepairTask } from './task-types';

export interface ReadContext {
  task: RepairTask;
  persona: Persona;
  knowledge: RepairKnowledge;
  promptPath: string | null;
}

export function readAppeal(path: string, context: ReadContext): number {
  const { persona: p, knowledge: k } = context;
  if (path === context.promptPath) return 2;
  if (path.startsWith('tests/')) {
    const failingHere = [...k.failing.values()].some((failure) => failure.file === path);
    return failingHere ? 1.2 : 0.15 + 0.2 * p.diligence;
  }
  if (path.endsWith('__init__.py')) return 0.05;
  if (path.startsWith('src/') && path.endsWith('.py')) {
    if (k.testRuns > 0) return 0.1;
    // Before any test run, matching the report to a module name is a matter of skill.
    const bugModule = context.task.bugs.some((bug) => bug.modulePath === path);
    return bugModule ? 0.2 + 0.6 * p.skill : 0.1 + 0.3 * (1 - p.skill);
  }
  return 0.03 + 0.15 * (1 - p.diligence);
}
