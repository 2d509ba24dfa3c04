// The simulated agent for repair tasks. It explores, runs tests, edits return expressions and
// submits, choosing among plausible moves with weights set by its persona and what it has seen.
// Which fix it tries is a prior over the template's candidates; whether the fix works is only
// known once the tests run.

import {
  AgentBase,
  type Candidate,
  choose,
  chooseMove,
  type DecisionContext,
  type Persona,
  type PlannedAction,
} from './agent-core';
import type { Rng } from './random';
import { RepairEditor, type RepairMove, submissionMove, TEST_SUBJECT } from './repair-edits';
import { RepairKnowledge } from './repair-knowledge';
import { readAppeal } from './repair-read-appeal';
import { BLANK_REPAIR_SLOTS, REPAIR_PHRASES, type RepairSlots } from './repair-phrases';
import { Speaker } from './speaker';
import type { RepairTask } from './task-types';
import { VirtualFs } from './virtual-fs';

export class RepairAgent extends AgentBase<RepairSlots> {
  protected readonly speaker = new Speaker(REPAIR_PHRASES, BLANK_REPAIR_SLOTS);
  private readonly k: RepairKnowledge;
  private readonly editor: RepairEditor;
  private readonly touched = new Set<string>();
  private readonly promptFn: string | null = null;
  private readonly promptPath: string | null = null;
  private editedSinceRun = false;
  private edits = 0;
  private lastEdited: string | null = null;

  constructor(
    private readonly task: RepairTask,
    persona: Persona,
  ) {
    super(persona);
    this.k = new RepairKnowledge(task.packageName);
    this.editor = new RepairEditor(task, persona, this.k);
    const bug = task.bugs[0];
    if (task.difficulty === 'easy' && bug !== undefined) {
      // The easy prompt names the function and its file.
      this.promptFn = bug.functionName;
      this.promptPath = bug.modulePath;
      this.k.map.add(bug.modulePath);
    }
  }

  private act(seed: number, move: RepairMove, visible?: string): PlannedAction {
    return this.speaker.say(seed, move, visible);
  }

  private look(
    seed: number,
    intent: string,
    tool: 'list_dir' | 'read_file',
    path: string,
    fn = '',
  ): PlannedAction {
    const slots = tool === 'list_dir' ? { dir: path } : { path, fn };
    return this.act(seed, { intent, tool, args: { path: path === '' ? '.' : path }, slots });
  }

  private runTests(seed: number, intent: string): PlannedAction {
    const move: RepairMove = {
      intent,
      tool: 'run_tests',
      args: {},
      slots: { fn: this.lastEdited ?? '' },
    };
    return this.act(seed, move, 'Running the tests.');
  }

  /** A planned edit, or a test run when the edit turns out impossible. */
  private editOr(
    seed: number,
    move: RepairMove | null,
    fallback = 'run_tests_again',
  ): PlannedAction {
    return move === null ? this.runTests(seed, fallback) : this.act(seed, move);
  }

  decide(context: DecisionContext): PlannedAction {
    const repeat = this.maybeRepeat(context);
    if (repeat !== null) return repeat;
    const { rng, textSeed: seed } = context;
    if (context.stepsLeft === 1 && rng.chance(0.5 + 0.4 * this.persona.skill))
      return this.submit(seed);
    if (context.step === 0) return choose(rng, this.opening(seed));
    const candidates = this.candidates(rng, seed);
    if (candidates.length === 0) return this.runTests(seed, 'run_tests_again');
    return chooseMove(rng, context.step, candidates);
  }

  private opening(seed: number): Candidate[] {
    const [path, fn] = [this.promptPath, this.promptFn];
    if (path !== null && fn !== null) {
      return [
        { weight: 0.5, plan: () => this.look(seed, 'read_source', 'read_file', path, fn) },
        { weight: 0.25, plan: () => this.runTests(seed, 'run_tests_first') },
        { weight: 0.25, plan: () => this.look(seed, 'list_root', 'list_dir', '') },
      ];
    }
    return [
      { weight: 0.55, plan: () => this.look(seed, 'list_root', 'list_dir', '') },
      { weight: 0.35, plan: () => this.runTests(seed, 'run_tests_first') },
      { weight: 0.1, plan: () => this.look(seed, 'read_other', 'read_file', 'README.md') },
    ];
  }

  private candidates(rng: Rng, seed: number): Candidate[] {
    const p = this.persona;
    const k = this.k;
    const c: Candidate[] = [];
    if (k.lastRunClean && this.edits > 0 && !this.editedSinceRun) {
      c.push({ weight: 8, plan: () => this.submit(seed) });
    }
    if (this.editedSinceRun) {
      c.push({ weight: 4 * p.verify, plan: () => this.runTests(seed, 'run_tests_verify') });
      c.push({ weight: 4 * (1 - p.verify), plan: () => this.submit(seed) });
    } else if (k.testRuns === 0) {
      c.push({
        weight: 0.6 + 1.2 * p.diligence,
        plan: () => this.runTests(seed, 'run_tests_first'),
      });
    }
    if (this.frustration >= 1) {
      c.push({ weight: 1.5 * (1 - p.persistence), plan: () => this.submit(seed, true) });
    }
    const broken = this.lastEdited;
    if (k.collectionError !== null && broken !== null && !this.editedSinceRun) {
      const plan = (): PlannedAction =>
        this.editOr(seed, this.editor.fix(rng, broken, 'repair_syntax'));
      c.push({ weight: 3 + 3 * p.skill, plan });
    }
    c.push(...this.explorationCandidates(seed));
    if (!this.editedSinceRun) c.push(...this.failureCandidates(rng, seed));
    if (k.testRuns === 0 && this.edits === 0) c.push(...this.blindEditCandidates(rng, seed));
    return c.filter((candidate) => candidate.weight > 0);
  }

  private explorationCandidates(seed: number): Candidate[] {
    const map = this.k.map;
    const c: Candidate[] = [];
    const layout = ['', 'src', `src/${this.task.packageName}`, 'tests'];
    for (const dir of map.unlistedDirs().filter((d) => layout.includes(d))) {
      const knownInside = [...map.files].some((path) => path.startsWith(`${dir}/`));
      const weight = (dir === '' ? 0.4 : 0.35) * (knownInside ? 0.3 : 1);
      c.push({
        weight,
        plan: () => this.look(seed, dir === '' ? 'list_root' : 'list_dir', 'list_dir', dir),
      });
    }
    for (const path of map.unreadFiles()) {
      const module = path.endsWith('.py') && !path.endsWith('__init__.py');
      const intent = path.startsWith('tests/')
        ? 'read_tests'
        : module
          ? 'read_module'
          : 'read_other';
      c.push({
        weight: readAppeal(path, {
          task: this.task,
          persona: this.persona,
          knowledge: this.k,
          promptPath: this.promptPath,
        }),
        plan: () => this.look(seed, intent, 'read_file', path),
      });
    }
    return c;
  }

  /** Moves prompted by failing tests: find the code, fix it, revert own damage, or cheat. */
  private failureCandidates(rng: Rng, seed: number): Candidate[] {
    const p = this.persona;
    const k = this.k;
    const c: Candidate[] = [];
    for (const [fn, failure] of k.failing) {
      const location = k.locate(fn);
      if (location === null) {
        if (!k.map.read.has(failure.file)) {
          c.push({
            weight: 1.5,
            plan: () => this.look(seed, 'read_tests', 'read_file', failure.file),
          });
        }
        if (!k.greps.has(`def ${fn}(`)) {
          const move: RepairMove = {
            intent: 'grep_def',
            tool: 'grep',
            args: { pattern: `def ${fn}(` },
            slots: { fn },
          };
          c.push({ weight: 1, plan: () => this.act(seed, move) });
        }
      } else if (!k.map.read.has(location)) {
        c.push({
          weight: 2.5,
          plan: () => this.look(seed, 'read_source', 'read_file', location, fn),
        });
      } else if (k.expressionOf(fn) !== null) {
        const mine = this.touched.has(fn) && !k.initiallyFailing.has(fn);
        if (mine)
          c.push({
            weight: 3 * (0.3 + p.skill),
            plan: () => this.editOr(seed, this.editor.revert(fn)),
          });
        const weight = mine
          ? 1 - p.skill
          : this.editor.isBugFunction(fn)
            ? 3 * (0.4 + p.skill)
            : 2 * (1 - p.skill);
        // With no untried idea left for a failing function, the agent gives up.
        const plan = (): PlannedAction => {
          const move = this.editor.fix(rng, fn, null);
          return move === null ? this.submit(seed, true) : this.act(seed, move);
        };
        c.push({ weight, plan });
      }
      if (
        this.frustration >= 1 &&
        k.contents.has(failure.file) &&
        /^assert /.test(failure.detail)
      ) {
        c.push({
          weight: 0.35 * (1 - p.skill),
          plan: () => this.editOr(seed, this.editor.tamper(fn)),
        });
      }
    }
    return c;
  }

  /** Editing before running anything: the named function, or whatever looks suspicious. */
  private blindEditCandidates(rng: Rng, seed: number): Candidate[] {
    const p = this.persona;
    const c: Candidate[] = [];
    for (const fn of this.k.functions.keys()) {
      if (this.k.expressionOf(fn) === null) continue;
      const suspicion = this.editor.isBugFunction(fn) ? 0.6 * p.skill : 0.5 * (1 - p.skill);
      const weight =
        fn === this.promptFn ? 0.3 + 1.5 * (1 - p.diligence) : (1 - p.diligence) * suspicion;
      c.push({
        weight,
        plan: () => this.editOr(seed, this.editor.fix(rng, fn, null), 'run_tests_first'),
      });
    }
    return c;
  }

  private submit(seed: number, givingUp = false): PlannedAction {
    const functions = [...this.touched].filter((fn) => !fn.startsWith(TEST_SUBJECT));
    const testsEdited = functions.length < this.touched.size;
    const edited = testsEdited ? [...functions, 'the test expectations'] : functions;
    const verified = this.k.lastRunClean && this.edits > 0 && !this.editedSinceRun;
    const outcome = givingUp || this.edits === 0 ? 'gave_up' : verified ? 'verified' : 'unverified';
    return this.act(seed, submissionMove(outcome, edited, [...this.k.failing.keys()]));
  }

  protected absorb(action: PlannedAction, observation: string): void {
    const path = VirtualFs.normalize(action.args['path'] ?? '.');
    if (action.tool === 'list_dir') this.k.map.absorbListing(path, observation);
    if (action.tool === 'grep') this.k.absorbGrep(action.args['pattern'] ?? '', observation);
    if (action.tool === 'read_file') this.k.absorbRead(path, observation);
    if (action.tool === 'run_tests') {
      const trouble = (): number =>
        this.k.failing.size + (this.k.collectionError === null ? 0 : 10);
      const before = trouble();
      this.k.absorbTestRun(observation);
      if (this.editedSinceRun && !this.k.lastRunClean && trouble() >= before) this.frustration += 1;
      this.editedSinceRun = false;
    }
    if (action.tool === 'edit_file') this.absorbEdit(action, path, observation);
  }

  private absorbEdit(action: PlannedAction, path: string, observation: string): void {
    if (!observation.startsWith('Edited')) {
      this.frustration += 1;
      return;
    }
    const subject = action.subject ?? '';
    const oldStr = action.args['old_str'] ?? '';
    const newStr = action.args['new_str'] ?? '';
    this.edits += 1;
    this.editedSinceRun = true;
    this.touched.add(subject);
    if (subject.startsWith(TEST_SUBJECT)) {
      const content = this.k.contents.get(path);
      if (content !== undefined)
        this.k.contents.set(
          path,
          content.replace(oldStr, () => newStr),
        );
      return;
    }
    const expr = newStr.replace(/^ {4}return /, '');
    this.k.edited(subject, path, expr, oldStr, newStr);
    this.lastEdited = subject;
    this.editor.remember(subject, expr);
  }
}
