// The manifest of the real sample files the tests read: where each comes from (repository, commit,
// path), its sha256 and size, its license, and for a file that is not a byte-for-byte copy, how it
// was derived from its upstream file. README.md (Tests) says where tests find them.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const MANIFEST_FILE = path.join(import.meta.dirname, 'manifest.json');

/** One rule of a subset: the first `take` records whose `field` equals `equals`. */
export interface SubsetRule {
  field: string;
  equals: number | string | boolean;
  take: number;
}

export interface Derivation {
  how: string;
  upstreamSha256: string;
  upstreamSize: number;
  select: SubsetRule[];
  serializer: 'python-json-dumps-indent-2';
}

export interface SampleEntry {
  /** Relative path inside the samples folder, with forward slashes. */
  path: string;
  repository: string;
  commit: string;
  upstreamPath: string;
  sha256: string;
  size: number;
  license: string;
  derived?: Derivation;
}

export interface SampleManifest {
  baseUrl: string;
  files: SampleEntry[];
  /** Short id of the manifest's content: names the cache folder, so a changed manifest refetches. */
  id: string;
}

const HEX64 = /^[0-9a-f]{64}$/;
const COMMIT = /^[0-9a-f]{40}$/;
const REPO = /^[\w.-]+\/[\w.-]+$/;

function entryProblem(entry: SampleEntry): string | undefined {
  const parts = entry.path.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) return 'bad path';
  if (!REPO.test(entry.repository)) return 'bad repository';
  if (!COMMIT.test(entry.commit)) return 'bad commit';
  if (!HEX64.test(entry.sha256)) return 'bad sha256';
  if (!Number.isInteger(entry.size) || entry.size < 0) return 'bad size';
  if (typeof entry.upstreamPath !== 'string' || entry.upstreamPath === '') return 'no upstreamPath';
  if (typeof entry.license !== 'string' || entry.license === '') return 'no license';
  if (entry.derived && !HEX64.test(entry.derived.upstreamSha256)) return 'bad upstreamSha256';
  return undefined;
}

/** Reads and checks the manifest; a malformed entry is an error naming it. */
export function loadManifest(file = MANIFEST_FILE): SampleManifest {
  const text = readFileSync(file);
  const raw = JSON.parse(text.toString('utf8')) as Omit<SampleManifest, 'id'>;
  if (typeof raw.baseUrl !== 'string' || !Array.isArray(raw.files)) {
    throw new Error(`${file}: expected { baseUrl, files: [...] }`);
  }
  const seen = new Set<string>();
  for (const entry of raw.files) {
    const problem = entryProblem(entry) ?? (seen.has(entry.path) ? 'listed twice' : undefined);
    if (problem) throw new Error(`${file}: ${String(entry.path)}: ${problem}`);
    seen.add(entry.path);
  }
  const id = createHash('sha256').update(text).digest('hex').slice(0, 16);
  return { baseUrl: raw.baseUrl, files: raw.files, id };
}

/** The raw-file URL of an entry's upstream file: <base>/<owner>/<name>/<commit>/<path>. */
export function upstreamUrl(baseUrl: string, entry: SampleEntry): string {
  const base = baseUrl.replace(/\/+$/, '');
  const file = entry.upstreamPath.split('/').map(encodeURIComponent).join('/');
  return `${base}/${entry.repository}/${entry.commit}/${file}`;
}

export function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
