// The fixtures cannot drift from their manifest: every file in fixtures/ (but the notes) is listed
// with its source, license, sha256 and size, and every listed file is there, unchanged.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../testing/samples/manifest';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

interface FixtureEntry {
  path: string;
  repository?: string;
  commit?: string;
  upstreamPath?: string;
  license: string;
  how?: string;
  sha256: string;
  size: number;
}

const manifest = JSON.parse(readFileSync(path.join(FIXTURES, 'manifest.json'), 'utf8')) as {
  files: FixtureEntry[];
};

function filesUnder(dir = ''): string[] {
  return readdirSync(path.join(FIXTURES, dir)).flatMap((name) => {
    const rel = dir === '' ? name : `${dir}/${name}`;
    return statSync(path.join(FIXTURES, rel)).isDirectory() ? filesUnder(rel) : [rel];
  });
}

const isNote = (file: string) => file === 'manifest.json' || file.endsWith('SOURCE.md');

describe('fixtures/manifest.json', () => {
  it('lists exactly the fixture files', () => {
    const present = filesUnder()
      .filter((file) => !isNote(file))
      .sort();
    expect(manifest.files.map((entry) => entry.path).sort()).toEqual(present);
  });

  it.each(manifest.files.map((entry) => [entry.path, entry] as const))(
    '%s has its source, the listed sha256 and size',
    (file, entry) => {
      // A file not copied whole from one upstream path says how it was made.
      const copied = entry.repository !== undefined;
      expect(copied ? [entry.commit, entry.upstreamPath] : [entry.how]).not.toContain(undefined);
      expect(entry.commit ?? '0'.repeat(40)).toMatch(/^[0-9a-f]{40}$/);
      expect(entry.license).not.toBe('');
      const data = readFileSync(path.join(FIXTURES, file));
      expect({ sha256: sha256(data), size: data.length }).toEqual({
        sha256: entry.sha256,
        size: entry.size,
      });
    },
  );
});
