// The simulated agent for config tasks: it reads the overlay files, writes the requested values and
// verifies with the tests. Its characteristic mistakes are real config mistakes: editing base.ini
// (which production shares), overwriting the staging file without reading it (dropping overrides),
// guessing key names, and values configparser will not clean up ("45s", "8  # comment").

import {
  AgentBase,
  type Candidate,
  choose,
  chooseMove,
  type DecisionContext,
  type Persona,
  type PlannedAction,
} from './agent-core';
import { BASE, changeKey, ConfigEditor, type ConfigMove, STAGING } from './config-edits';
import { ConfigKnowledge } from './config-knowledge';
import { CONFIG_PHRASES, type ConfigSlots } from './config-phrases';
import type { Rng } from './random';
import { Speaker } from './speaker';
import type { ConfigTask } from './task-types';
import { VirtualFs } from './virtual-fs';

const BLANK: ConfigSlots = { path: '', dir: '', key: '', value: '', keys: '', pattern: '' };

const READ_INTENTS: Readonly<Record<string, string>> = {
  [STAGING]: 'read_staging',
  [BASE]: 'read_base',
  'deploy/settings_loader.py': 'read_loader',
  'docs/CONFIG.md': 'read_docs',
  'tests/test_config.py': 'read_tests',
};

export class ConfigAgent extends AgentBase<ConfigSlots> {
  protected readonly speaker = new Speaker(CONFIG_PHRASES, BLANK);
  private readonly k = new ConfigKnowledge();
  private readonly editor: ConfigEditor;
  private editedSinceRun = false;
  private edits = 0;

  constructor(
    private readonly task: ConfigTask,
    persona: Persona,
  ) {
    super(persona);
    this.editor = new ConfigEditor(task, persona, this.k);
    // The prompt names config/ and the test file.
    this.k.map.add(STAGING);
    this.k.map.add('tests/test_config.py');
  }

  private act(seed: number, move: ConfigMove, visible?: string): PlannedAction {
    return this.speaker.say(seed, move, visible);
  }

  private runTests(seed: number, intent: string): PlannedAction {
    return this.act(seed, { intent, tool: 'run_tests', args: {}, slots: {} }, 'Running the tests.');
  }

  private read(seed: number, path: string): PlannedAction {
    const intent =
      READ_INTENTS[path] ?? (path === this.task.decoyPath ? 'read_decoy' : 'read_other');
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
      return this.submit(seed, false);
    if (context.step === 0) {
      return choose(rng, [
        { weight: 0.6, plan: () => this.list(seed, '') },
        { weight: 0.25, plan: () => this.runTests(seed, 'run_tests_first') },
        { weight: 0.15, plan: () => this.read(seed, STAGING) },
      ]);
    }
    const candidates = this.candidates(rng, seed);
    return candidates.length === 0
      ? this.runTests(seed, 'run_tests_again')
      : chooseMove(rng, context.step, candidates);
  }

  private candidates(rng: Rng, seed: number): Candidate[] {
    const p = this.persona;
    const k = this.k;
    const c: Candidate[] = [];
    const pending = this.editor.pending();
    if (k.lastRunClean && this.edits > 0 && !this.editedSinceRun) {
      // Green tests only prove nothing broke when the new values are not under test.
      c.push({
        weight: pending.length === 0 ? 8 : 0.5 * (1 - p.skill),
        plan: () => this.submit(seed, false),
      });
    }
    if (this.editedSinceRun) {
      c.push({ weight: 4 * p.verify, plan: () => this.runTests(seed, 'run_tests_verify') });
      const weight = 4 * (1 - p.verify) * (pending.length === 0 ? 1 : 0.2);
      c.push({ weight, plan: () => this.submit(seed, false) });
    } else if (k.testRuns === 0) {
      c.push({ weight: 0.5 + p.diligence, plan: () => this.runTests(seed, 'run_tests_first') });
    }
    if (this.frustration >= 1)
      c.push({ weight: 1.5 * (1 - p.persistence), plan: () => this.submit(seed, true) });
    for (const dir of k.map.unlistedDirs())
      c.push({ weight: dir === '' ? 0.4 : 0.25, plan: () => this.list(seed, dir) });
    for (const path of k.map.unreadFiles())
      c.push({ weight: this.readAppeal(path), plan: () => this.read(seed, path) });
    if (this.editedSinceRun) return c.filter((candidate) => candidate.weight > 0);
    if (pending.length > 0) {
      // A careful agent learns the real key names before writing any.
      const ready = k.knowsKeyNames ? 1 : 1 - 0.8 * p.skill;
      const weight = (k.map.read.has(STAGING) ? 2.5 : 0.4 + 0.8 * (1 - p.diligence)) * ready;
      c.push({ weight, plan: () => this.act(seed, this.editor.apply(rng, pending)) });
    }
    for (const failure of k.failing) {
      const requested = this.task.changes.some(
        (change) => changeKey(change) === changeKey(failure),
      );
      const key = changeKey(failure);
      if (failure.env === 'production' && this.editor.baseEdits.has(key)) {
        const plan = (): PlannedAction => {
          const move = this.editor.revertBase(failure);
          return move === null ? this.runTests(seed, 'run_tests_again') : this.act(seed, move);
        };
        c.push({ weight: 3 * (0.3 + p.skill), plan });
      } else if (
        failure.env === 'staging' &&
        (this.editor.applied.get(key) === STAGING || !requested)
      ) {
        const intent = requested ? 'fix_value' : 'restore_key';
        c.push({
          weight: 3,
          plan: () => this.act(seed, this.editor.setInStaging(failure, intent)),
        });
      }
    }
    return c.filter((candidate) => candidate.weight > 0);
  }

  private readAppeal(path: string): number {
    const p = this.persona;
    if (path === STAGING) return 1.5;
    if (path === BASE) return 0.6 + 0.6 * p.diligence + (this.k.knowsKeyNames ? 0 : 1.5 * p.skill);
    if (path === 'tests/test_config.py') return 0.3 + 0.6 * p.diligence;
    if (path === 'deploy/settings_loader.py') return 0.5 * p.diligence;
    if (path === 'docs/CONFIG.md') return 0.4 * p.diligence;
    if (path === this.task.decoyPath) return 0.3 + 0.4 * (1 - p.skill);
    if (path === 'config/production.ini') return 0.2;
    return 0.05 + 0.15 * (1 - p.diligence);
  }

  private submit(seed: number, givingUp: boolean): PlannedAction {
    const keys = [...this.editor.applied.keys()].join(', ') || 'none';
    let move: ConfigMove;
    if (!givingUp && this.k.lastRunClean && this.edits > 0 && !this.editedSinceRun) {
      const summary = `Set ${keys} for staging in config/staging.ini; tests pass.`;
      move = { intent: 'submit_done', tool: 'submit', args: { summary }, slots: { keys } };
    } else if (!givingUp && this.edits > 0) {
      move = {
        intent: 'submit_unverified',
        tool: 'submit',
        args: { summary: `Updated staging settings: ${keys}.` },
        slots: { keys },
      };
    } else {
      const summary = 'Could not complete the staging configuration change.';
      move = { intent: 'submit_giveup', tool: 'submit', args: { summary }, slots: { keys } };
    }
    return this.act(seed, move);
  }

  protected absorb(action: PlannedAction, observation: string): void {
    const path = VirtualFs.normalize(action.args['path'] ?? '.');
    if (action.tool === 'list_dir') this.k.map.absorbListing(path, observation);
    if (action.tool === 'read_file') this.k.absorbRead(path, observation);
    if (action.tool === 'grep') this.k.map.absorbGrep(observation);
    if (action.tool === 'run_tests') {
      const before = this.k.failing.length;
      this.k.absorbTestRun(observation);
      if (this.editedSinceRun && !this.k.lastRunClean && this.k.failing.length >= before)
        this.frustration += 1;
      this.editedSinceRun = false;
      this.editor.forgetIneffectiveWrites();
    }
    if (action.tool === 'edit_file' || action.tool === 'write_file') {
      if (!/^(Edited|Created|Overwrote) /.test(observation)) {
        this.frustration += 1;
        return;
      }
      const previous = this.k.contents.get(path) ?? '';
      const oldStr = action.args['old_str'] ?? '';
      const newStr = action.args['new_str'] ?? '';
      const content =
        action.tool === 'write_file'
          ? (action.args['content'] ?? '')
          : previous.replace(oldStr, () => newStr);
      this.k.wrote(path, content);
      this.edits += 1;
      this.editedSinceRun = true;
    }
  }
}
