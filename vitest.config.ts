import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared,engine,server,cli,electron,renderer,scripts,bench}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Makes the real sample files available once per run (README.md, Tests).
    globalSetup: ['engine/testing/samples/vitest-global-setup.ts', 'scripts/cli-build-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
