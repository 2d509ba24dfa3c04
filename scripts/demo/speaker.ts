// Turns a chosen move into an assistant action. The wording is picked from the agent's phrase bank
// by the prefix hash, never by the rollout's random stream.

import type { PlannedAction } from './agent-core';
import { maybeSay, phrase, type Phrases } from './phrasing';
import type { ToolName } from './tools';

/** A move before it is put into words. */
export interface Move<S> {
  intent: string;
  tool: ToolName;
  args: Record<string, string>;
  slots: Partial<S>;
  /** What the move is about, for the agent's own bookkeeping. */
  subject?: string;
}

export class Speaker<S> {
  constructor(
    private readonly bank: Readonly<Record<string, Phrases<S>>>,
    private readonly blank: S,
  ) {}

  /** Words a move; `visible` is an optional short message shown next to the reasoning. */
  say(seed: number, move: Move<S>, visible?: string, probability?: number): PlannedAction {
    const variants = this.bank[move.intent];
    if (variants === undefined) throw new Error(`no phrasing for ${move.intent}`);
    return {
      intent: move.intent,
      tool: move.tool,
      args: move.args,
      thought: phrase(seed, move.intent, variants, { ...this.blank, ...move.slots }),
      say: visible === undefined ? null : maybeSay(seed, move.intent, visible, probability),
      subject: move.subject,
    };
  }
}
