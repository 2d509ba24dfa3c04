// What the config agent has learned from its observations: files and their contents (as read or
// as it wrote them), whether it knows how the overlay works, the exact keys and values the tests
// expect, and which checks failed in the latest test run.

import { RepoMap } from './repo-map';

export interface Expectation {
  env: string;
  section: string;
  key: string;
  value: string;
}

export interface ConfigFailure extends Expectation {
  /** The value the test saw, or null when the key was missing (KeyError). */
  actual: string | null;
}

const ASSERT = /load\("(\w+)"\)\["(\w+)"\]\["(\w+)"\] == "([^"]*)"/;

export function expectationKey(env: string, section: string, key: string): string {
  return `${env}.${section}.${key}`;
}

export class ConfigKnowledge {
  readonly map = new RepoMap();
  /** Path -> content as the agent believes it is now. */
  readonly contents = new Map<string, string>();
  /** Path -> content when first read (for reverts). */
  readonly originals = new Map<string, string>();
  readonly expected = new Map<string, string>();
  knowsOverlay = false;
  knowsKeyNames = false;
  failing: ConfigFailure[] = [];
  collectionError: string | null = null;
  testRuns = 0;
  lastRunClean = false;

  absorbRead(path: string, observation: string): void {
    const content = this.map.absorbRead(path, observation);
    if (content === null) return;
    const text = content.endsWith('\n') ? content : `${content}\n`;
    this.contents.set(path, text);
    if (!this.originals.has(path)) this.originals.set(path, text);
    if (path === 'deploy/settings_loader.py' || path === 'docs/CONFIG.md') this.knowsOverlay = true;
    if (path === 'config/base.ini') this.knowsKeyNames = true;
    if (path.startsWith('tests/')) {
      this.knowsKeyNames = true;
      for (const line of content.split('\n')) this.absorbAssert(line);
    }
  }

  private absorbAssert(line: string): Expectation | null {
    const match = ASSERT.exec(line);
    if (match === null) return null;
    const [, env, section, key, value] = match as unknown as [
      string,
      string,
      string,
      string,
      string,
    ];
    this.expected.set(expectationKey(env, section, key), value);
    return { env, section, key, value };
  }

  absorbTestRun(observation: string): void {
    this.testRuns += 1;
    this.failing = [];
    const collection = /^ERROR (\S+) - (.*)$/m.exec(observation);
    this.collectionError = collection === null ? null : (collection[2] as string);
    const blocks = observation.split(/^_{3,} test_\w+ _{3,}$/m).slice(1);
    for (const block of blocks) {
      const assertLine = /^>\s+(assert .*)$/m.exec(block)?.[1];
      const expectation = assertLine === undefined ? null : this.absorbAssert(assertLine);
      if (expectation === null) continue;
      const actual = /^E\s+assert '(.*)' == /m.exec(block)?.[1] ?? null;
      this.failing.push({ ...expectation, actual });
      this.knowsKeyNames = true;
      // A production check failing after an edit teaches the agent how the overlay works.
      if (expectation.env === 'production') this.knowsOverlay = true;
    }
    this.lastRunClean =
      this.collectionError === null && this.failing.length === 0 && /\bpassed\b/.test(observation);
  }

  /** Records the agent's own successful write so later edits start from the right text. */
  wrote(path: string, content: string): void {
    this.map.add(path);
    this.contents.set(path, content);
  }
}
