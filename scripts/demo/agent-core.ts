// Shared machinery of the simulated agents: the action they plan, a per-rollout persona (how
// capable, careful and loop-prone this sample is), weighted choice among candidate moves, and the
// habit of repeating the last look-up when stuck. Choices use the rollout's Rng; wording uses the
// prefix hash, so the same choice after the same history is the same text.

import { clamp, type Rng } from './random';
import type { Difficulty } from './record-types';
import type { Move, Speaker } from './speaker';
import type { ToolName } from './tools';
import { VirtualFs } from './virtual-fs';

const LOOK_TOOLS: ReadonlySet<ToolName> = new Set(['list_dir', 'read_file', 'grep', 'run_tests']);

export interface PlannedAction {
  /** The agent's own name for the move; used for wording and failure-mode bookkeeping. */
  intent: string;
  tool: ToolName;
  args: Record<string, string>;
  thought: string;
  say: string | null;
  /** What the move is about (a function, a config key), for the agent's own bookkeeping. */
  subject?: string;
}

export interface DecisionContext {
  step: number;
  stepsLeft: number;
  rng: Rng;
  /** Hash of the conversation so far; fixes the wording of the next message. */
  textSeed: number;
}

export interface Agent {
  decide(context: DecisionContext): PlannedAction;
  observe(action: PlannedAction, observation: string): void;
}

export interface Persona {
  /** Chance-like competence: picking the right fix, file or answer when informed. */
  skill: number;
  /** Tendency to gather evidence (tests, loaders, docs) before acting. */
  diligence: number;
  /** Base chance per step of re-issuing the last look-up instead of moving on. */
  loopiness: number;
  /** Chance of running the tests after an edit rather than submitting straight away. */
  verify: number;
  /** Chance of trying again after a failed attempt rather than giving up. */
  persistence: number;
}

/** Mean skill by difficulty; a task's hidden ease shifts it, so some tasks defeat every sample. */
const LEVEL: Readonly<Record<Difficulty, number>> = { easy: 0.56, medium: 0.37, hard: 0.22 };

export function drawPersona(rng: Rng, difficulty: Difficulty, ease: number): Persona {
  const skill = clamp(LEVEL[difficulty] + 0.5 * ease + 0.12 * rng.normal(), 0.05, 0.97);
  return {
    skill,
    diligence: clamp(0.3 + 0.55 * skill + 0.15 * rng.normal(), 0.02, 0.98),
    loopiness: clamp(0.03 + 0.12 * (1 - skill) + 0.05 * rng.normal(), 0, 0.4),
    verify: clamp(0.45 + 0.45 * skill + 0.12 * rng.normal(), 0.05, 0.98),
    persistence: clamp(0.45 + 0.45 * skill + 0.15 * rng.normal(), 0.05, 0.98),
  };
}

export interface Candidate {
  weight: number;
  plan: () => PlannedAction;
}

export function choose(rng: Rng, candidates: readonly Candidate[]): PlannedAction {
  const usable = candidates.filter((candidate) => candidate.weight > 0);
  if (usable.length === 0) throw new Error('agent has no move to make');
  return rng.weighted(usable.map((candidate) => [candidate, candidate.weight] as const)).plan();
}

/** Chance of taking the single most likely move, as low-temperature sampling often does. */
export function greedyChance(step: number): number {
  return step === 1 ? 0.5 : 0.25;
}

/** Like choose, but sometimes takes the mode: rollouts then share more of their early turns. */
export function chooseMove(
  rng: Rng,
  step: number,
  candidates: readonly Candidate[],
): PlannedAction {
  if (rng.chance(greedyChance(step))) {
    let best: Candidate | null = null;
    for (const candidate of candidates)
      if (best === null || candidate.weight > best.weight) best = candidate;
    if (best !== null && best.weight > 0) return best.plan();
  }
  return choose(rng, candidates);
}

/** Slots every phrase bank has, so the base class can word a repeated look-up. */
export interface LookSlots {
  path: string;
  dir: string;
  pattern: string;
}

/** Base class: tracks the last look-up and re-issues it when the sampled persona gets stuck. */
export abstract class AgentBase<S extends LookSlots> implements Agent {
  protected abstract readonly speaker: Speaker<S>;
  protected lastLook: PlannedAction | null = null;
  protected looping = false;
  /** Rises with failed attempts; makes loops more likely, like a model that has lost the thread. */
  protected frustration = 0;

  constructor(protected readonly persona: Persona) {}

  abstract decide(context: DecisionContext): PlannedAction;
  protected abstract absorb(action: PlannedAction, observation: string): void;

  observe(action: PlannedAction, observation: string): void {
    if (LOOK_TOOLS.has(action.tool)) this.lastLook = { ...action };
    this.absorb(action, observation);
  }

  /** Returns a repetition of the last look-up, or null to decide normally. */
  protected maybeRepeat(context: DecisionContext): PlannedAction | null {
    if (this.lastLook === null || context.step === 0) return null;
    const p = this.looping ? 0.5 : this.persona.loopiness * (1 + 0.6 * this.frustration);
    this.looping = context.rng.chance(p);
    if (!this.looping) return null;
    // An agent going round in circles is also closer to giving up.
    this.frustration += 0.5;
    return this.repeatOf(this.lastLook, context.textSeed);
  }

  private repeatOf(action: PlannedAction, textSeed: number): PlannedAction {
    const path = action.args['path'] ?? '.';
    const slots = { path, dir: VirtualFs.normalize(path), pattern: action.args['pattern'] ?? '' };
    const move = {
      intent: `repeat_${action.tool}`,
      tool: action.tool,
      args: { ...action.args },
      slots,
    };
    return { ...this.speaker.say(textSeed, move as Move<S>), intent: 'repeat' };
  }
}
