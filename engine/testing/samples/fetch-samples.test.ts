// The samples fetcher against a local server laid out like raw.githubusercontent.com, serving the
// real samples: a fresh cache is filled and hash-checked, a good cache costs no request, and a
// corrupted file, a 404 or a dead server is a clear error that leaves nothing bad in the cache.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { samplePath, tempDir } from '../test-support';
import { ensureSamples } from './ensure-samples';
import { type SampleManifest, loadManifest, sha256 } from './manifest';
import { PyNumber, type PyValue, parsePyJson, pyDumps } from './python-json';
import { type SampleServer, sampleRoutes, startSampleServer, upstreamRoute } from './sample-server';
import { cacheDir } from './samples-dir';

const real = loadManifest();
const TAU = 'tau-bench/gpt-4o-airline.subset4.json';
const BROWSER = 'inspect-ai/2025-05-12T20-27-36-04-00_browser.json';
const read = (file: string) => readFileSync(samplePath(file));

/** A stand-in upstream for the tau-bench subset: its records shuffled among decoys. */
function tauUpstream(): Buffer {
  const records = parsePyJson(read(TAU).toString('utf8')) as PyValue[];
  const [one1, one2, zero1, zero2] = records as Map<string, PyValue>[];
  const decoy = new Map(one1).set('reward', new PyNumber('0.5'));
  return Buffer.from(pyDumps([zero1, decoy, one1, zero2, one2, zero1, one1] as PyValue[]));
}

const upstream = tauUpstream();
// The real upstream file is not among the samples, so its recorded hash is swapped for the
// stand-in's; the derived file must still match the real sha256.
const manifest: SampleManifest = {
  ...real,
  files: real.files.map((entry) =>
    entry.derived
      ? { ...entry, derived: { ...entry.derived, upstreamSha256: sha256(upstream) } }
      : entry,
  ),
};

let cache: { dir: string; cleanup: () => void };
let server: SampleServer;
let routes: Map<string, Buffer>;

beforeAll(async () => {
  routes = sampleRoutes(manifest, read, () => upstream);
  server = await startSampleServer(routes);
});
afterAll(() => server.close());
beforeEach(() => {
  cache = tempDir('turnwise-samples-cache-');
  server.requests.length = 0;
});
afterEach(() => cache.cleanup());

const env = (baseUrl = server.url) => ({
  XDG_CACHE_HOME: cache.dir,
  TURNWISE_SAMPLES_BASE_URL: baseUrl,
});
const ensure = (baseUrl?: string) =>
  ensureSamples({ manifest, env: env(baseUrl), sharedDir: path.join(cache.dir, 'no-shared') });
const cached = (file: string) => path.join(cacheDir(manifest.id, env()), ...file.split('/'));
const rejection = (promise: Promise<unknown>): Promise<Error> =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as Error,
  );
const leftovers = () => readdirSync(path.dirname(cacheDir(manifest.id, env())));

describe('fetching the samples into the cache', () => {
  it('downloads every file once, derives the tau-bench subset, all hash-checked', async () => {
    const found = await ensure();
    expect(found).toEqual({ dir: cacheDir(manifest.id, env()), source: 'cache' });
    for (const entry of manifest.files) {
      expect(sha256(readFileSync(cached(entry.path))), entry.path).toBe(entry.sha256);
    }
    expect(server.requests.sort()).toEqual([...routes.keys()].sort());
    expect(leftovers()).toEqual([manifest.id]);
  });

  it('uses a good cache without any request, and refetches only a damaged file', async () => {
    await ensure();
    server.requests.length = 0;
    await ensure();
    expect(server.requests).toEqual([]);
    writeFileSync(cached(BROWSER), 'damaged');
    await ensure();
    expect(server.requests).toEqual([upstreamRoute(manifest, BROWSER)]);
    expect(sha256(readFileSync(cached(BROWSER)))).toBe(
      manifest.files.find((e) => e.path === BROWSER)?.sha256,
    );
  });

  it('refuses a corrupted file: names it and both hashes, and keeps it out of the cache', async () => {
    const route = upstreamRoute(manifest, BROWSER);
    const good = routes.get(route) as Buffer;
    const bad = Buffer.from(good);
    bad[100] = (bad[100] ?? 0) ^ 1;
    routes.set(route, bad);
    try {
      const error = await rejection(ensure());
      const expected = manifest.files.find((e) => e.path === BROWSER)?.sha256;
      expect(error.message).toContain(
        `${BROWSER}: downloaded file sha256 mismatch: expected ${expected}, got ${sha256(bad)}`,
      );
      expect(error.message).toContain('1 of 29 files are not in');
    } finally {
      routes.set(route, good);
    }
    expect(existsSync(cached(BROWSER))).toBe(false);
    expect(existsSync(cached(TAU))).toBe(true);
    expect(leftovers()).toEqual([manifest.id]);
  });

  it('refuses a changed upstream file of a derived sample before deriving', async () => {
    const route = upstreamRoute(manifest, TAU);
    const good = routes.get(route) as Buffer;
    routes.set(route, Buffer.from('[]'));
    try {
      await expect(ensure()).rejects.toThrow(`${TAU}: upstream file sha256 mismatch`);
    } finally {
      routes.set(route, good);
    }
    expect(existsSync(cached(TAU))).toBe(false);
  });

  it('names the file and its URL on a 404', async () => {
    const route = upstreamRoute(manifest, BROWSER);
    const good = routes.get(route) as Buffer;
    routes.delete(route);
    try {
      await expect(ensure()).rejects.toThrow(`${BROWSER}: HTTP 404 (${server.url}${route})`);
    } finally {
      routes.set(route, good);
    }
  });

  it('names every file, its URL and where it looked when the server is down', async () => {
    const down = await startSampleServer(new Map());
    await down.close();
    const error = await rejection(ensure(down.url));
    const message = error.message;
    expect(message).toContain(`29 of 29 files are not in ${cacheDir(manifest.id, env())}.`);
    expect(message).toContain(`${path.join(cache.dir, 'no-shared')} (does not exist)`);
    expect(message).toContain('TURNWISE_SAMPLES_DIR (not set)');
    expect(message).toContain('npm run samples:fetch');
    for (const entry of manifest.files) {
      expect(message).toContain(
        `${entry.path}: ECONNREFUSED (${down.url}${upstreamRoute(manifest, entry.path)})`,
      );
    }
    expect(readdirSync(cache.dir)).toEqual(['turnwise']);
    expect(leftovers()).toEqual([]);
  });

  it('never writes into a folder the user named; reports what it lacks', async () => {
    const mine = path.join(cache.dir, 'mine');
    const error = await rejection(
      ensureSamples({
        manifest,
        env: { ...env(), TURNWISE_SAMPLES_DIR: mine },
        sharedDir: path.join(cache.dir, 'no-shared'),
      }),
    );
    expect(error.message).toContain(`29 of 29 files are not in ${mine}.`);
    expect(error.message).toContain(`TURNWISE_SAMPLES_DIR=${mine}`);
    expect(server.requests).toEqual([]);
    expect(existsSync(mine)).toBe(false);
  });

  it('reports an incomplete ../shared/samples by name and fetches nothing', async () => {
    const shared = path.join(cache.dir, 'shared');
    const [kept] = manifest.files;
    mkdirSync(path.join(shared, path.dirname(kept?.path ?? '')), { recursive: true });
    writeFileSync(path.join(shared, kept?.path ?? ''), read(kept?.path ?? ''));
    mkdirSync(path.join(shared, path.dirname(TAU)), { recursive: true });
    writeFileSync(path.join(shared, ...TAU.split('/')), 'not the sample');
    const error = await rejection(ensureSamples({ manifest, env: env(), sharedDir: shared }));
    const others = manifest.files
      .slice(1)
      .map((entry) =>
        entry.path === TAU ? `${TAU} (present, but its sha256 differs)` : entry.path,
      );
    expect(error.message).toContain(`28 of 29 files are not in ${shared}: ${others.join(', ')}.`);
    expect(error.message).toContain(`${shared} (exists, so it is the samples folder)`);
    expect(error.message).toContain('once the incomplete ../shared/samples is moved away');
    expect(server.requests).toEqual([]);
  });
});
