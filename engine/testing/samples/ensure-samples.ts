// Run once per test run (Vitest and Playwright global setup) and by `npm run samples:fetch`:
// makes sure every sample file the manifest lists is in the folder samplePath() reads, fetching
// into the cache when that is the folder, or stops with one message saying what is missing, where
// it looked and how to get the files.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type FetchLike, fetchSamples, formatFailure, missingSamples } from './fetch-samples';
import { MANIFEST_FILE, type SampleManifest, loadManifest } from './manifest';
import {
  PROJECT_ROOT,
  SHARED_SAMPLES_DIR,
  type SamplesDir,
  resolveSamplesDir,
} from './samples-dir';

type Env = Record<string, string | undefined>;

export interface EnsureOptions {
  manifest?: SampleManifest;
  env?: Env;
  sharedDir?: string;
  fetch?: FetchLike;
  log?: (line: string) => void;
}

export class SamplesMissingError extends Error {
  override name = 'SamplesMissingError';
}

/** What keeps the download cache from being used: an earlier folder in the search order. */
const FETCH_BLOCKER = {
  shared: 'the incomplete ../shared/samples is moved away',
  env: 'TURNWISE_SAMPLES_DIR is unset',
} as const;

const rel = (file: string) => path.relative(PROJECT_ROOT, file) || '.';

function missingMessage(
  found: SamplesDir,
  missing: string[],
  total: number,
  details: string[],
  sharedDir: string,
  env: Env,
): string {
  const shared = found.source === 'shared';
  const looked = [
    `  ${sharedDir}${shared ? ' (exists, so it is the samples folder)' : ' (does not exist)'}`,
    ...(shared
      ? []
      : [
          env.TURNWISE_SAMPLES_DIR
            ? `  TURNWISE_SAMPLES_DIR=${env.TURNWISE_SAMPLES_DIR}`
            : '  TURNWISE_SAMPLES_DIR (not set)',
        ]),
    ...(found.source === 'cache' ? [`  ${found.dir} (the download cache)`] : []),
  ];
  return [
    `Test samples missing: ${missing.length} of ${total} files are not in ${found.dir}` +
      (missing.length === total ? '.' : `: ${missing.join(', ')}.`),
    'Looked in:',
    ...looked,
    ...details,
    'Get them either way:',
    `  - put the files listed in ${rel(MANIFEST_FILE)} into ${sharedDir},` +
      ' or into a folder named by TURNWISE_SAMPLES_DIR;',
    '  - or run `npm run samples:fetch` with network access' +
      (found.source === 'cache' ? '' : ` (once ${FETCH_BLOCKER[found.source]})`) +
      ': it downloads them from GitHub into the cache, sha256-checked' +
      ' (TURNWISE_SAMPLES_BASE_URL points it at a mirror).',
  ].join('\n');
}

/** Makes sure the samples are in place; returns the folder, or throws SamplesMissingError. */
export async function ensureSamples(options: EnsureOptions = {}): Promise<SamplesDir> {
  const manifest = options.manifest ?? loadManifest();
  const env = options.env ?? process.env;
  const sharedDir = options.sharedDir ?? SHARED_SAMPLES_DIR;
  const found = resolveSamplesDir(manifest.id, env, sharedDir);
  const missing = missingSamples(manifest, found.dir);
  if (missing.length === 0) return found;
  const total = manifest.files.length;
  if (found.source !== 'cache') {
    // A folder the user provided is theirs: report, never write into it.
    const names = missing.map((entry) =>
      existsSync(path.join(found.dir, ...entry.path.split('/')))
        ? `${entry.path} (present, but its sha256 differs)`
        : entry.path,
    );
    throw new SamplesMissingError(missingMessage(found, names, total, [], sharedDir, env));
  }
  const baseUrl = env.TURNWISE_SAMPLES_BASE_URL || manifest.baseUrl;
  options.log?.(`Fetching ${missing.length} sample files from ${baseUrl} into ${found.dir}`);
  const failures = await fetchSamples(missing, found.dir, { baseUrl, fetch: options.fetch });
  if (failures.length === 0) return found;
  const details = [
    `Fetching from ${baseUrl} failed:`,
    ...failures.map((f) => '  ' + formatFailure(f)),
  ];
  const stillMissing = failures.map((f) => f.file);
  throw new SamplesMissingError(
    missingMessage(found, stillMissing, total, details, sharedDir, env),
  );
}
