// The manifest cannot drift from the real samples: every file in ../shared/samples (when present)
// is listed with its sha256 and size, and every listed file is there.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support';
import { loadManifest, sha256, upstreamUrl } from './manifest';
import { SHARED_SAMPLES_DIR } from './samples-dir';

/** The collection's own notes, not samples: their provenance is what the manifest records. */
const isCollectionNote = (file: string) => file === 'README.md' || file.endsWith('/SOURCE.txt');

function filesUnder(root: string, dir = ''): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = dir === '' ? name : `${dir}/${name}`;
    return statSync(path.join(root, rel)).isDirectory() ? filesUnder(root, rel) : [rel];
  });
}

const manifest = loadManifest();
const shared = (() => {
  try {
    return statSync(SHARED_SAMPLES_DIR).isDirectory();
  } catch {
    return false;
  }
})();

describe.skipIf(!shared)(`the manifest matches ${SHARED_SAMPLES_DIR}`, () => {
  it('lists exactly the sample files there', () => {
    const present = filesUnder(SHARED_SAMPLES_DIR)
      .filter((file) => !isCollectionNote(file))
      .sort();
    expect(manifest.files.map((entry) => entry.path).sort()).toEqual(present);
  });

  it.each(manifest.files.map((entry) => [entry.path, entry] as const))(
    '%s has the listed sha256 and size',
    (file, entry) => {
      const data = readFileSync(path.join(SHARED_SAMPLES_DIR, file));
      expect({ sha256: sha256(data), size: data.length }).toEqual({
        sha256: entry.sha256,
        size: entry.size,
      });
    },
  );
});

describe('manifest', () => {
  it('names a raw-file URL from repository, commit and path', () => {
    const entry = manifest.files.find((e) => e.path === 'inspect-ai/log_formats.eval');
    expect(entry && upstreamUrl('http://127.0.0.1:1/raw/', entry)).toBe(
      'http://127.0.0.1:1/raw/UKGovernmentBEIS/inspect_ai/' +
        '499e6152e7b8fc8cbd8ac5283536572aa6e4ab17/tests/log/test_eval_log/log_formats.eval',
    );
  });

  it.each([
    ['../escape.json', 'bad path'],
    ['a//b.json', 'bad path'],
  ])('refuses the entry path %s', (bad, problem) => {
    const { dir, cleanup } = tempDir();
    try {
      const file = path.join(dir, 'manifest.json');
      const [first] = manifest.files;
      writeFileSync(file, JSON.stringify({ baseUrl: 'x', files: [{ ...first, path: bad }] }));
      expect(() => loadManifest(file)).toThrow(`${bad}: ${problem}`);
    } finally {
      cleanup();
    }
  });

  it('has an id that changes with its content', () => {
    const { dir, cleanup } = tempDir();
    try {
      const file = path.join(dir, 'manifest.json');
      const text = readFileSync(path.join(import.meta.dirname, 'manifest.json'), 'utf8');
      writeFileSync(file, text);
      expect(loadManifest(file).id).toBe(manifest.id);
      writeFileSync(file, text.replace('"size": 27705', '"size": 27706'));
      expect(loadManifest(file).id).not.toBe(manifest.id);
    } finally {
      cleanup();
    }
  });
});
