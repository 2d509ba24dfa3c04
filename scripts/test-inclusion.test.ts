// Every unit test file in the tree is one vitest runs: a folder missing from vitest.config.ts's
// include would skip its tests without a word (moving the engine out of electron/ once did).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../vitest.config';
import { treeFiles } from './tree-files';

const ROOT = path.resolve(import.meta.dirname, '..');
const SKIPPED = new Set(['node_modules', 'out', 'test-results', 'playwright-report', 'datasets']);

const testFiles = () =>
  treeFiles(
    ROOT,
    (relative) => /\.test\.tsx?$/.test(relative),
    (relative) => {
      const name = path.basename(relative);
      return name.startsWith('.') || SKIPPED.has(name);
    },
  );

describe('vitest include', () => {
  it('matches every *.test.ts and *.test.tsx file of the repository', () => {
    // Every project's include (vitest.config.ts runs the timed tests as a project of their own).
    const include = (config.test?.projects ?? []).flatMap((project) =>
      typeof project === 'object' && 'test' in project ? (project.test?.include ?? []) : [],
    );
    const files = testFiles();
    expect(files.length).toBeGreaterThan(100);
    const missed = files.filter((file) => !include.some((glob) => path.matchesGlob(file, glob)));
    expect(missed).toEqual([]);
  });
});
