// Fills a samples folder from the manifest's public sources: each file is downloaded (or rebuilt
// from its upstream file), checked against its sha256 in memory, then written to a temp folder
// beside the target and renamed into place, so a bad or partial download never lands.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deriveSample } from './derive';
import { type SampleEntry, type SampleManifest, sha256, upstreamUrl } from './manifest';

export type FetchLike = (url: string, init: { signal: AbortSignal }) => Promise<Response>;

export interface FetchOptions {
  baseUrl: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  concurrency?: number;
}

export interface FetchFailure {
  file: string;
  url: string;
  reason: string;
}

/** The files of a manifest that are absent from a folder or differ from their sha256. */
export function missingSamples(manifest: SampleManifest, dir: string): SampleEntry[] {
  return manifest.files.filter((entry) => {
    const file = path.join(dir, ...entry.path.split('/'));
    return !existsSync(file) || sha256(readFileSync(file)) !== entry.sha256;
  });
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  if (error.name === 'TimeoutError') return 'timed out';
  return cause?.code ?? cause?.message ?? error.message;
}

async function download(url: string, options: FetchOptions): Promise<Buffer> {
  const response = await (options.fetch ?? fetch)(url, {
    signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

function hashProblem(what: string, expected: string, data: Buffer): string | undefined {
  const actual = sha256(data);
  return actual === expected
    ? undefined
    : `${what} sha256 mismatch: expected ${expected}, got ${actual}`;
}

/** The checked bytes of one entry, or why they could not be had. */
async function entryBytes(
  entry: SampleEntry,
  url: string,
  options: FetchOptions,
): Promise<Buffer | string> {
  let data: Buffer;
  try {
    data = await download(url, options);
  } catch (error) {
    return describeError(error);
  }
  if (entry.derived) {
    const upstream = hashProblem('upstream file', entry.derived.upstreamSha256, data);
    if (upstream) return upstream;
    try {
      data = deriveSample(data, entry.derived);
    } catch (error) {
      return describeError(error);
    }
  }
  return (
    hashProblem(entry.derived ? 'derived file' : 'downloaded file', entry.sha256, data) ?? data
  );
}

/**
 * Downloads the given entries into `dir` (the cache). Returns the failures, each naming the file,
 * its URL and why; the files that did check out are kept.
 */
export async function fetchSamples(
  entries: SampleEntry[],
  dir: string,
  options: FetchOptions,
): Promise<FetchFailure[]> {
  if (entries.length === 0) return [];
  await mkdir(path.dirname(dir), { recursive: true });
  const incoming = await mkdtemp(path.join(path.dirname(dir), '.incoming-'));
  const failures: FetchFailure[] = [];
  const queue = [...entries];
  const worker = async () => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      const url = upstreamUrl(options.baseUrl, entry);
      const bytes = await entryBytes(entry, url, options);
      if (typeof bytes === 'string') {
        failures.push({ file: entry.path, url, reason: bytes });
        continue;
      }
      const temp = path.join(incoming, entry.path.replaceAll('/', '__'));
      const target = path.join(dir, ...entry.path.split('/'));
      await writeFile(temp, bytes);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temp, target);
    }
  };
  try {
    const workers = Math.min(options.concurrency ?? 4, entries.length);
    await Promise.all(Array.from({ length: workers }, worker));
  } finally {
    await rm(incoming, { recursive: true, force: true });
  }
  const order = new Map(entries.map((entry, index) => [entry.path, index]));
  return failures.sort((a, b) => (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0));
}

export function formatFailure(failure: FetchFailure): string {
  return `${failure.file}: ${failure.reason} (${failure.url})`;
}
