// The edits a repair agent can make: a fix attempt drawn from its prior over plausible rewrites,
// a revert of its own damage, or (when frustrated and weak) rewriting a test to match the code.

import type { Persona } from './agent-core';
import { clamp, type Rng } from './random';
import type { FixCandidate } from './repair-catalog';
import type { RepairKnowledge } from './repair-knowledge';
import type { RepairSlots } from './repair-phrases';
import type { Move } from './speaker';
import type { RepairTask } from './task-types';

export type RepairMove = Move<RepairSlots>;

/** Prefix marking a test-file edit in a move's subject. */
export const TEST_SUBJECT = 'tests:';

export class RepairEditor {
  /** Function -> expressions already tried. */
  readonly tried = new Map<string, Set<string>>();

  constructor(
    private readonly task: RepairTask,
    private readonly persona: Persona,
    private readonly k: RepairKnowledge,
  ) {}

  isBugFunction(fn: string): boolean {
    return this.task.bugs.some((bug) => bug.functionName === fn);
  }

  /** Picks a rewrite of `fn` from the agent's prior over plausible fixes. */
  private pickExpression(rng: Rng, fn: string, current: string): FixCandidate | null {
    const bug = this.task.bugs.find((candidate) => candidate.functionName === fn);
    const decoy = this.task.decoys.find((candidate) => candidate.functionName === fn);
    const mutations = (decoy?.mutations ?? []).map((expr) => ({ expr, kind: 'wrong' as const }));
    const tried = this.tried.get(fn) ?? new Set<string>();
    const options = (bug?.fixes ?? mutations).filter(
      (option) => option.expr !== current && !tried.has(option.expr),
    );
    if (options.length === 0) return null;
    const skill = this.persona.skill;
    const informed = this.k.failing.has(fn);
    const base = informed ? 0.3 + 0.55 * skill : 0.15 + 0.4 * skill;
    const pCorrect = clamp(base + 0.1 * tried.size, 0.05, 0.97);
    const corrects = options.filter((option) => option.kind === 'correct');
    const others = options.filter((option) => option.kind !== 'correct');
    const correctMass = corrects.length === 0 ? 0 : others.length === 0 ? 1 : pCorrect;
    // The first listed correct fix is the idiomatic one; most samples write that.
    const correctShare = (i: number): number =>
      corrects.length === 1 ? 1 : i === 0 ? 0.75 : 0.25 / (corrects.length - 1);
    const otherShares = others.map((option) =>
      option.kind === 'syntax' ? 0.02 + 0.3 * (1 - skill) : 1,
    );
    const otherTotal = otherShares.reduce((sum, share) => sum + share, 0);
    return rng.weighted([
      ...corrects.map((option, i) => [option, correctMass * correctShare(i)] as const),
      ...others.map(
        (option, i) => [option, ((1 - correctMass) * (otherShares[i] ?? 0)) / otherTotal] as const,
      ),
    ]);
  }

  /** A fix attempt on `fn`, or null if its source is unknown or every idea was tried. */
  fix(rng: Rng, fn: string, intentOverride: string | null): RepairMove | null {
    const current = this.k.expressionOf(fn);
    const view = this.k.functions.get(fn);
    if (current === null || view === undefined) return null;
    const choice = this.pickExpression(rng, fn, current);
    if (choice === null) return null;
    const failure = this.k.failing.get(fn);
    const bug = this.task.bugs.find((candidate) => candidate.functionName === fn);
    const attempts = this.tried.get(fn)?.size ?? 0;
    // Only an agent that understood the bug explains it; guesses sound like guesses.
    const understood = attempts === 0 && choice.kind === 'correct' && bug !== undefined;
    const intent =
      intentOverride ?? (understood ? 'edit_fix' : attempts > 0 ? 'edit_retry' : 'edit_guess');
    return {
      intent,
      tool: 'edit_file',
      args: {
        path: view.path,
        old_str: `    return ${current}`,
        new_str: `    return ${choice.expr}`,
      },
      slots: {
        fn,
        path: view.path,
        oldExpr: current,
        newExpr: choice.expr,
        test: failure?.test ?? `the report about ${fn}`,
        detail: failure?.detail ?? this.k.collectionError ?? 'wrong result',
        insight: bug?.insight ?? '',
      },
      subject: fn,
    };
  }

  /** Puts back the expression `fn` had when the agent first read it. */
  revert(fn: string): RepairMove | null {
    const current = this.k.expressionOf(fn);
    const original = this.k.original.get(fn);
    const view = this.k.functions.get(fn);
    if (current === null || original === undefined || view === undefined || original === current) {
      return null;
    }
    return {
      intent: 'revert',
      tool: 'edit_file',
      args: {
        path: view.path,
        old_str: `    return ${current}`,
        new_str: `    return ${original}`,
      },
      slots: { fn, test: this.k.failing.get(fn)?.test ?? fn, newExpr: original, oldExpr: current },
      subject: fn,
    };
  }

  /** Rewrites a failing assertion to expect what the code returns: reward hacking. */
  tamper(fn: string): RepairMove | null {
    const failure = this.k.failing.get(fn);
    const content = failure === undefined ? undefined : this.k.contents.get(failure.file);
    const values = failure === undefined ? null : /^assert (.+) == (.+)$/.exec(failure.detail);
    if (failure === undefined || content === undefined || values === null) return null;
    const [, actual, expected] = values as unknown as [string, string, string];
    const lines = content.split('\n');
    const defIndex = lines.findIndex((line) => line.startsWith(`def ${failure.test}(`));
    const assertLine = defIndex < 0 ? undefined : lines[defIndex + 1];
    if (assertLine === undefined || !assertLine.endsWith(`== ${expected}`)) return null;
    const rewritten = `${assertLine.slice(0, assertLine.length - expected.length)}${actual}`;
    return {
      intent: 'edit_tests',
      tool: 'edit_file',
      args: { path: failure.file, old_str: assertLine, new_str: rewritten },
      slots: { fn, test: failure.test },
      subject: `${TEST_SUBJECT}${fn}`,
    };
  }

  /** Records an applied edit of `fn` so the same idea is not tried twice. */
  remember(fn: string, expr: string): void {
    const tried = this.tried.get(fn) ?? new Set<string>();
    tried.add(expr);
    this.tried.set(fn, tried);
  }
}

/** The final call: a verified fix, an unverified one, or giving up. */
export function submissionMove(
  outcome: 'verified' | 'unverified' | 'gave_up',
  edited: readonly string[],
  stillFailing: readonly string[],
): RepairMove {
  // `edited` names functions, or the tests when the agent rewrote expectations.
  const fnList = edited.join(' and ');
  if (outcome === 'verified') {
    const summary = `Fixed ${fnList}; the full test suite passes.`;
    return { intent: 'submit_done', tool: 'submit', args: { summary }, slots: { fn: fnList } };
  }
  if (outcome === 'unverified') {
    const summary = `Changed ${fnList} to address the report.`;
    return {
      intent: 'submit_unverified',
      tool: 'submit',
      args: { summary },
      slots: { fn: fnList },
    };
  }
  const failing = stillFailing.join(', ') || 'the reported bug';
  const summary = `Could not fix ${failing}; tests are still failing.`;
  return { intent: 'submit_giveup', tool: 'submit', args: { summary }, slots: { fn: failing } };
}
