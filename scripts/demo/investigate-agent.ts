// The simulated agent for investigate tasks: it searches and reads until it believes it knows the
// answer. What it knows comes from marker strings actually present in its observations; a hasty
// persona trusts the stale documentation, a careful one follows imports to the source.

import {
  AgentBase,
  type Candidate,
  choose,
  chooseMove,
  type DecisionContext,
  type Persona,
  type PlannedAction,
} from './agent-core';
import { INVESTIGATE_PHRASES, type InvestigateSlots } from './investigate-phrases';
import type { Rng } from './random';
import { RepoMap } from './repo-map';
import { type Move, Speaker } from './speaker';
import type { InvestigateTask } from './task-types';
import { VirtualFs } from './virtual-fs';

type InvestigateMove = Move<InvestigateSlots>;

const BLANK: InvestigateSlots = { path: '', dir: '', pattern: '', answer: '', evidence: '' };

export class InvestigateAgent extends AgentBase<InvestigateSlots> {
  protected readonly speaker = new Speaker(INVESTIGATE_PHRASES, BLANK);
  private readonly map = new RepoMap();
  private readonly greps = new Set<string>();
  private knowsTruth = false;
  private knowsDecoy = false;
  private knowsPointer = false;

  constructor(
    private readonly task: InvestigateTask,
    persona: Persona,
  ) {
    super(persona);
  }

  private act(seed: number, move: InvestigateMove): PlannedAction {
    const answer = move.slots.answer;
    const visible =
      move.tool === 'submit' && answer !== undefined ? `Answer: ${answer}` : undefined;
    return this.speaker.say(seed, move, visible, 0.5);
  }

  private grep(seed: number, pattern: string): PlannedAction {
    return this.act(seed, { intent: 'grep', tool: 'grep', args: { pattern }, slots: { pattern } });
  }

  private read(seed: number, path: string): PlannedAction {
    const t = this.task;
    const intent =
      path === t.truthPath
        ? 'read_truth'
        : path === t.entryPath
          ? 'read_entry'
          : path.endsWith('.md')
            ? 'read_doc'
            : 'read_other';
    return this.act(seed, { intent, tool: 'read_file', args: { path }, slots: { path } });
  }

  private list(seed: number, dir: string): PlannedAction {
    const intent = dir === '' ? 'list_root' : 'list_dir';
    return this.act(seed, {
      intent,
      tool: 'list_dir',
      args: { path: dir === '' ? '.' : dir },
      slots: { dir },
    });
  }

  decide(context: DecisionContext): PlannedAction {
    const repeat = this.maybeRepeat(context);
    if (repeat !== null) return repeat;
    const { rng, textSeed: seed } = context;
    if (context.stepsLeft === 1 && rng.chance(0.5 + 0.4 * this.persona.skill))
      return this.finalAnswer(rng, seed);
    if (context.step === 0) {
      const term = this.task.searchTerms[0] as string;
      return choose(rng, [
        { weight: 0.45, plan: () => this.grep(seed, term) },
        { weight: 0.4, plan: () => this.list(seed, '') },
        { weight: 0.15, plan: () => this.read(seed, 'README.md') },
      ]);
    }
    const candidates = this.candidates(rng, seed, context.step);
    return candidates.length === 0
      ? this.finalAnswer(rng, seed)
      : chooseMove(rng, context.step, candidates);
  }

  private candidates(rng: Rng, seed: number, step: number): Candidate[] {
    const p = this.persona;
    const t = this.task;
    const c: Candidate[] = [];
    if (this.knowsTruth)
      c.push({ weight: 2 + 5 * p.skill, plan: () => this.answerTruth(rng, seed) });
    if (this.knowsDecoy) {
      // Documentation states a value outright; a weak model trusts it over source it must
      // interpret. The easy prompt warns that docs may be stale, and most samples heed that.
      const warned = t.difficulty === 'easy' ? 0.35 : 1;
      const weight = warned * (this.knowsTruth ? 3 * (1 - p.skill) : 2.5 * (1 - p.diligence));
      c.push({ weight, plan: () => this.answerDecoy(seed) });
    }
    if (this.knowsPointer && !this.map.read.has(t.truthPath)) {
      c.push({ weight: 2.5, plan: () => this.read(seed, t.truthPath) });
    }
    if (!this.knowsTruth) {
      t.searchTerms.forEach((term, index) => {
        if (!this.greps.has(term))
          c.push({
            weight: index === 0 ? 0.5 + 0.5 * p.skill : 0.4,
            plan: () => this.grep(seed, term),
          });
      });
      if (this.knowsPointer && t.symbol !== '' && !this.greps.has(t.symbol)) {
        c.push({ weight: 1 + p.skill, plan: () => this.grep(seed, t.symbol) });
      }
    }
    for (const path of this.map.unreadFiles()) {
      const weight =
        path === t.truthPath
          ? 1.5
          : path === t.entryPath
            ? 1
            : path.endsWith('.md')
              ? 0.5
              : path === 'LICENSE'
                ? 0.03
                : 0.25;
      c.push({ weight, plan: () => this.read(seed, path) });
    }
    if (!this.knowsTruth && !this.knowsDecoy && step >= t.stepBudget / 2) {
      c.push({ weight: 1.5 * (1 - p.persistence), plan: () => this.giveUp(seed) });
    }
    for (const dir of this.map.unlistedDirs())
      c.push({ weight: dir === '' ? 0.4 : 0.3, plan: () => this.list(seed, dir) });
    return c;
  }

  private answerTruth(rng: Rng, seed: number): PlannedAction {
    const t = this.task;
    if (t.sloppyForms.length > 0 && rng.chance(0.35 * (1 - this.persona.skill))) {
      const answer = rng.pick(t.sloppyForms);
      return this.act(seed, {
        intent: 'submit_sloppy',
        tool: 'submit',
        args: { answer },
        slots: { answer, path: t.truthPath },
      });
    }
    const answer = rng.chance(0.8) ? (t.correctForms[0] as string) : rng.pick(t.correctForms);
    const evidence = `${t.truthPath} has \`${t.truthMarker}\`.`;
    return this.act(seed, {
      intent: 'submit_answer',
      tool: 'submit',
      args: { answer },
      slots: { answer, evidence },
    });
  }

  private answerDecoy(seed: number): PlannedAction {
    const t = this.task;
    const answer = t.decoyAnswer;
    const evidence = `"${(t.decoyMarkers[0] as string).trim()}"`;
    return this.act(seed, {
      intent: 'submit_decoy',
      tool: 'submit',
      args: { answer },
      slots: { answer, evidence },
    });
  }

  private finalAnswer(rng: Rng, seed: number): PlannedAction {
    if (this.knowsTruth) return this.answerTruth(rng, seed);
    if (this.knowsDecoy) return this.answerDecoy(seed);
    return this.giveUp(seed);
  }

  private giveUp(seed: number): PlannedAction {
    return this.act(seed, {
      intent: 'submit_guess',
      tool: 'submit',
      args: { answer: 'unknown' },
      slots: { answer: 'unknown' },
    });
  }

  protected absorb(action: PlannedAction, observation: string): void {
    const t = this.task;
    const path = VirtualFs.normalize(action.args['path'] ?? '.');
    if (action.tool === 'list_dir') this.map.absorbListing(path, observation);
    if (action.tool === 'read_file') this.map.absorbRead(path, observation);
    if (action.tool === 'grep') {
      this.greps.add(action.args['pattern'] ?? '');
      this.map.absorbGrep(observation);
    }
    if (observation.includes(t.truthMarker)) this.knowsTruth = true;
    if (t.decoyMarkers.some((marker) => observation.includes(marker))) this.knowsDecoy = true;
    if (t.pointerMarker !== '' && observation.includes(t.pointerMarker)) {
      this.knowsPointer = true;
      this.map.add(t.truthPath);
    }
  }
}
