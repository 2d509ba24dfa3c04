// What the repair agent has learned, parsed from the observations it actually received: which
// files exist, what the functions say, which tests fail and why. Nothing here reads the hidden
// task state.

import { pathsIn, RepoMap } from './repo-map';

export interface Failure {
  test: string;
  file: string;
  /** First error line, e.g. "assert 10 == 0" or "ZeroDivisionError: integer division ...". */
  detail: string;
}

export interface FunctionView {
  path: string;
  /** Its return expression as last seen; '' when only the location is known. */
  expr: string;
}

export class RepairKnowledge {
  readonly map = new RepoMap();
  /** File contents as last read (the agent's own edits are applied by the agent). */
  readonly contents = new Map<string, string>();
  readonly greps = new Set<string>();
  readonly functions = new Map<string, FunctionView>();
  /** Function name -> return expression when first seen (for reverts). */
  readonly original = new Map<string, string>();
  /** Test module -> the source module it imports from. */
  readonly imports = new Map<string, string>();
  /** Failures of the latest run, keyed by function under test. */
  failing = new Map<string, Failure>();
  /** Functions that failed in the first run: the genuinely broken behaviour. */
  readonly initiallyFailing = new Set<string>();
  collectionError: string | null = null;
  testRuns = 0;
  lastRunClean = false;

  constructor(packageName: string) {
    // The prompt names the package, and the README documents the src/ layout.
    this.map.add(`src/${packageName}/`);
    this.map.add('src/');
  }

  absorbRead(path: string, observation: string): void {
    const content = this.map.absorbRead(path, observation);
    if (content === null) return;
    this.contents.set(path, content);
    const lines = content.split('\n');
    lines.forEach((line, index) => {
      const def = /^def (\w+)\(/.exec(line);
      const body = lines.slice(index + 1).find((candidate) => /^ {4}return /.test(candidate));
      if (def === null || body === undefined) return;
      const name = def[1] as string;
      const expr = body.replace(/^ {4}return /, '');
      this.functions.set(name, { path, expr });
      if (!this.original.has(name)) this.original.set(name, expr);
    });
    const fromImport = /^from ([\w.]+) import ([\w, ]+)$/m.exec(content);
    if (fromImport !== null && path.startsWith('tests/')) {
      const modulePath = `src/${(fromImport[1] as string).replace(/\./g, '/')}.py`;
      this.imports.set(path, modulePath);
      this.map.add(modulePath);
      for (const name of (fromImport[2] as string).split(',').map((n) => n.trim())) {
        if (!this.functions.has(name)) this.functions.set(name, { path: modulePath, expr: '' });
      }
    }
  }

  absorbGrep(pattern: string, observation: string): void {
    this.greps.add(pattern);
    this.map.absorbGrep(observation);
    for (const line of observation.split('\n')) {
      const match = /^([^:]+\.py):\d+:def (\w+)\(/.exec(line);
      if (match !== null && !this.functions.has(match[2] as string)) {
        this.functions.set(match[2] as string, { path: match[1] as string, expr: '' });
      }
    }
  }

  absorbTestRun(observation: string): void {
    this.testRuns += 1;
    this.failing = new Map();
    const collection = /^ERROR (\S+) - (.*)$/m.exec(observation);
    this.collectionError = collection === null ? null : (collection[2] as string);
    const blocks = observation.split(/^_{3,} (test_\w+) _{3,}$/m);
    for (let i = 1; i < blocks.length; i += 2) {
      const test = blocks[i] as string;
      const body = blocks[i + 1] ?? '';
      const fn = /^>\s+assert (\w+)\(/m.exec(body)?.[1];
      const detail = /^E\s+(.*)$/m.exec(body)?.[1] ?? '';
      const file = new RegExp(`^FAILED (\\S+)::${test} `, 'm').exec(observation)?.[1] ?? '';
      if (fn !== undefined && !this.failing.has(fn)) this.failing.set(fn, { test, file, detail });
    }
    for (const path of pathsIn(observation)) this.map.add(path);
    if (this.testRuns === 1) for (const fn of this.failing.keys()) this.initiallyFailing.add(fn);
    this.lastRunClean =
      this.collectionError === null && this.failing.size === 0 && /\bpassed\b/.test(observation);
  }

  /** Records the agent's own successful edit of a function's return expression. */
  edited(fn: string, path: string, expr: string, oldStr: string, newStr: string): void {
    this.functions.set(fn, { path, expr });
    const content = this.contents.get(path);
    if (content !== undefined)
      this.contents.set(
        path,
        content.replace(oldStr, () => newStr),
      );
  }

  /** The module a failing function lives in, if known or inferable from test-file naming. */
  locate(fn: string): string | null {
    const view = this.functions.get(fn);
    if (view !== undefined) return view.path;
    const failure = this.failing.get(fn);
    if (failure === undefined) return null;
    const imported = this.imports.get(failure.file);
    if (imported !== undefined) return imported;
    const stem = /test_(\w+)\.py$/.exec(failure.file)?.[1];
    if (stem === undefined) return null;
    const files = [...this.map.files];
    return files.find((path) => path.startsWith('src/') && path.endsWith(`/${stem}.py`)) ?? null;
  }

  /** The current return expression of a function whose source the agent has read. */
  expressionOf(fn: string): string | null {
    const view = this.functions.get(fn);
    if (view === undefined || view.expr === '' || !this.map.read.has(view.path)) return null;
    return view.expr;
  }
}
