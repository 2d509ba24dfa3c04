// Ground truth for every action step, decided from the environment, not from the agent's intent:
// edits are judged by what they did to the (pristine) checks, look-ups by whether they revealed
// anything new and relevant, submissions by the final grade. Also tracks the first decisive error
// of a failed rollout.

import type { PlannedAction } from './agent-core';
import { mixHash } from './random';
import type { FailureMode, StepRole } from './record-types';
import { isTestPath } from './task-grading';
import type { Task } from './task-types';
import type { ToolResult } from './tools';
import { VirtualFs } from './virtual-fs';

interface Damage {
  turn: number;
  mode: FailureMode;
  /** Checks as they were just before the damage, to recognise a full recovery. */
  baseline: Readonly<Record<string, boolean>>;
  bySubmit: boolean;
}

export interface FailureAttribution {
  step: number | null;
  mode: FailureMode | null;
}

export class StepOracle {
  private readonly seen = new Set<string>();
  private checks: Record<string, boolean>;
  private damage: Damage | null = null;
  /** The current run of steps that moved nothing, and whether it contains a repetition. */
  private stretch: { start: number; repeated: boolean } | null = null;
  private firstRepeat: number | null = null;
  private lastTurn = -1;

  constructor(
    private readonly task: Task,
    fs: VirtualFs,
  ) {
    this.checks = task.grade(fs, null).checks;
  }

  /** Classifies a step after its tool call ran against `fs`. */
  classify(turn: number, action: PlannedAction, result: ToolResult, fs: VirtualFs): StepRole {
    // A repetition is the same call seeing the same output again: nothing new learned. Re-running
    // the tests after a change is not one, though: an unchanged report then says the edit did
    // nothing, which is news.
    const state = action.tool === 'run_tests' ? mixHash(...fs.entries().flat()) : 0;
    const key = `${action.tool}\u0000${JSON.stringify(action.args)}\u0000${result.observation}\u0000${state}`;
    const repeated = this.seen.has(key);
    this.seen.add(key);
    let role: StepRole;
    if (action.tool === 'submit') {
      const grade = this.task.grade(fs, result.submission);
      role = grade.success ? 'decisive_progress' : 'regression';
      if (!grade.success) this.markDamage(turn, this.submitMode(action), true);
    } else if (action.tool === 'edit_file' || action.tool === 'write_file') {
      role = this.classifyEdit(turn, action, result, fs, repeated);
    } else if (repeated) {
      role = 'regression';
    } else {
      role = this.isRelevant(action, result.observation)
        ? 'useful_exploration'
        : 'no_progress_infrastructure';
    }
    if (role === 'decisive_progress' || role === 'useful_exploration') this.stretch = null;
    else if (this.stretch === null)
      this.stretch = { start: turn, repeated: repeated && role === 'regression' };
    else this.stretch.repeated ||= repeated && role === 'regression';
    if (repeated && role === 'regression' && this.firstRepeat === null) this.firstRepeat = turn;
    this.lastTurn = turn;
    return role;
  }

  private submitMode(action: PlannedAction): FailureMode {
    if (action.intent === 'submit_giveup' || action.intent === 'submit_guess') return 'gave_up';
    return this.task.family === 'investigate' ? 'wrong_answer' : 'premature_submit';
  }

  private markDamage(turn: number, mode: FailureMode, bySubmit: boolean): void {
    if (this.damage === null) this.damage = { turn, mode, baseline: { ...this.checks }, bySubmit };
  }

  private classifyEdit(
    turn: number,
    action: PlannedAction,
    result: ToolResult,
    fs: VirtualFs,
    repeated: boolean,
  ): StepRole {
    const before = this.checks;
    const after = this.task.grade(fs, null).checks;
    const ids = Object.keys(before);
    const broke = ids.some((id) => before[id] === true && after[id] !== true);
    const improved = ids.some((id) => before[id] !== true && after[id] === true);
    const tampered = result.mutated && isTestPath(VirtualFs.normalize(action.args['path'] ?? ''));
    if (broke || tampered) {
      this.markDamage(turn, tampered ? 'test_tampering' : 'wrong_edit', false);
      this.checks = after;
      return 'regression';
    }
    this.checks = after;
    if (improved) {
      const damage = this.damage;
      if (
        damage !== null &&
        !damage.bySubmit &&
        Object.keys(damage.baseline).every((id) => !damage.baseline[id] || after[id])
      ) {
        this.damage = null;
      }
      return 'decisive_progress';
    }
    return repeated ? 'regression' : 'no_progress_infrastructure';
  }

  private isRelevant(action: PlannedAction, observation: string): boolean {
    const relevant = this.task.relevantPaths;
    const path = VirtualFs.normalize(action.args['path'] ?? '.');
    switch (action.tool) {
      case 'run_tests':
        return !observation.includes('collected 0 items\n');
      case 'read_file':
        return relevant.includes(path) && !observation.startsWith('read_file:');
      case 'list_dir':
        return (
          !observation.startsWith('list_dir:') &&
          relevant.some((file) => path === '' || file.startsWith(`${path}/`))
        );
      case 'grep':
        return relevant.some((file) => observation.includes(`${file}:`));
      default:
        return false;
    }
  }

  /**
   * The first decisive error of a failed rollout: the first damage never repaired; for a
   * submission that gave up or missed, the fruitless loop that led into it, if any; for a rollout
   * that ran out of budget, its first wasted (repeated) step, else its last step.
   */
  failure(success: boolean): FailureAttribution {
    if (success) return { step: null, mode: null };
    const damage = this.damage;
    const stretch = this.stretch;
    if (damage !== null && !damage.bySubmit) return { step: damage.turn, mode: damage.mode };
    if (damage !== null) {
      const loopFirst = stretch !== null && stretch.repeated && stretch.start < damage.turn;
      return loopFirst
        ? { step: stretch.start, mode: 'repetition_loop' }
        : { step: damage.turn, mode: damage.mode };
    }
    if (this.firstRepeat !== null) return { step: this.firstRepeat, mode: 'repetition_loop' };
    return { step: this.lastTurn < 0 ? null : this.lastTurn, mode: 'step_budget' };
  }
}
