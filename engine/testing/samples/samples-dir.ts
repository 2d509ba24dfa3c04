// Where the tests find the real sample files (README.md, Tests): ../shared/samples beside the
// checkout when it exists, else the folder named by TURNWISE_SAMPLES_DIR, else a cache folder that
// `npm run samples:fetch` (or the test setup) fills from the manifest's public sources.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { loadManifest } from './manifest';

/** The project root: this file is engine/testing/samples/samples-dir.ts. */
export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/** ../shared/samples relative to the project root. */
export const SHARED_SAMPLES_DIR = path.resolve(PROJECT_ROOT, '..', 'shared', 'samples');

export type SamplesSource = 'shared' | 'env' | 'cache';

export interface SamplesDir {
  dir: string;
  source: SamplesSource;
}

type Env = Record<string, string | undefined>;

/** The cache folder for one manifest version (its id), under $XDG_CACHE_HOME or ~/.cache. */
export function cacheDir(manifestId: string, env: Env = process.env): string {
  const base = env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
  return path.join(base, 'turnwise', 'samples', manifestId);
}

/** Picks the samples folder; synchronous and side-effect free, so samplePath() can call it. */
export function resolveSamplesDir(
  manifestId: string,
  env: Env = process.env,
  sharedDir = SHARED_SAMPLES_DIR,
): SamplesDir {
  if (existsSync(sharedDir)) return { dir: sharedDir, source: 'shared' };
  const fromEnv = env.TURNWISE_SAMPLES_DIR;
  if (fromEnv) return { dir: path.resolve(fromEnv), source: 'env' };
  return { dir: cacheDir(manifestId, env), source: 'cache' };
}

let current: string | undefined;

/** The samples folder of this run (resolved once): what samplePath() joins onto. */
export function currentSamplesDir(): string {
  current ??= resolveSamplesDir(loadManifest().id).dir;
  return current;
}
