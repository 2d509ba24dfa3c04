import { defineConfig } from 'vitest/config';

const TESTS = '{shared,engine,server,cli,electron,renderer,scripts,bench}/**/*.test.{ts,tsx}';
/**
 * Tests that time how soon something answers (a stop, a cancel, a timer kept firing): `npm test`
 * runs them alone after the others, so no second test worker competes for the machine's cores.
 */
export const TIMED_TESTS = [
  'engine/engine-process.test.ts',
  'engine/unstoppable-query.test.ts',
  'engine/judge/judge-client.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    // Makes the real sample files available once per run (README.md, Tests).
    globalSetup: ['engine/testing/samples/vitest-global-setup.ts', 'scripts/cli-build-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: [TESTS], exclude: TIMED_TESTS } },
      { extends: true, test: { name: 'timed', include: TIMED_TESTS } },
    ],
  },
});
