// The preload's API functions are generated from the contract (scripts/generate/preload-api.ts):
// the committed file must be what the generator writes now, and the bundle stays sandbox-safe.
import { build } from 'esbuild';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_METHODS } from '../shared/api';
import { read } from '../scripts/generate/generated-file';
import { PRELOAD_API_FILE, preloadApiSource } from '../scripts/generate/preload-api';

describe('generated preload API', () => {
  it('is current (else run: npx tsx scripts/generate/preload-api.ts)', async () => {
    expect(read(PRELOAD_API_FILE)).toBe(await preloadApiSource());
  });

  it('names every contract method once, and nothing else', () => {
    const named = [
      ...read(PRELOAD_API_FILE).matchAll(/^ {4}(\w+): \(input\) => invoke\(channel\('(\w+)'\)/gm),
    ];
    expect(named.map(([, key]) => key).sort()).toEqual([...API_METHODS].sort());
    for (const [, key, method] of named) expect(method).toBe(key);
  });

  it('would notice a method added to or dropped from the contract', async () => {
    const current = await preloadApiSource();
    expect(await preloadApiSource([...API_METHODS, 'newMethod'])).not.toBe(current);
    expect(await preloadApiSource(API_METHODS.slice(1))).not.toBe(current);
  });

  it('keeps the preload bundle free of zod and Node built-ins', async () => {
    const result = await build({
      absWorkingDir: path.resolve(import.meta.dirname, '..'),
      entryPoints: ['electron/preload.ts'],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'cjs',
      external: ['electron'],
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.text ?? '';
    expect([...code.matchAll(/require\("([^"]+)"\)/g)].map(([, name]) => name)).toEqual([
      'electron',
    ]);
    expect(code).not.toMatch(/zod/i);
    expect(code.length).toBeLessThan(20_000);
  });
});
