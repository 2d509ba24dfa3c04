// What --trained-from and the Run card refuse, each with the file and the reason.
import { mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/test-support';
import { readExportManifest } from './export-manifest';

const { dir, cleanup } = tempDir();
afterAll(cleanup);

const manifest = {
  manifest_version: 1,
  export_id: '0123456789abcdef',
  target: 'trl-sft',
  sources: [{ dataset_id: 'base' }],
  counts: { trajectories: 2, records: 2 },
  tasks: ['T1'],
};

function write(name: string, content: string): string {
  const folder = path.join(dir, name);
  mkdirSync(folder);
  const file = path.join(folder, 'turnwise-manifest.json');
  writeFileSync(file, content);
  return file;
}

describe('readExportManifest', () => {
  it('reads a folder or the manifest itself', async () => {
    const file = write('good', JSON.stringify(manifest));
    expect(await readExportManifest(path.dirname(file))).toEqual({
      manifest,
      dir: path.dirname(file),
    });
    expect((await readExportManifest(file)).manifest.export_id).toBe('0123456789abcdef');
  });

  it('names the file and the reason for what it refuses', async () => {
    await expect(readExportManifest(path.join(dir, 'nowhere'))).rejects.toMatchObject({
      code: 'io',
      message: `${path.join(dir, 'nowhere')}: no such export folder or manifest`,
    });
    const notJson = write('not-json', '{"manifest_version": 1,');
    await expect(readExportManifest(notJson)).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(
        /^.*not-json.*: not valid JSON \(line 1, column 24: /,
      ) as unknown as string,
    });
    const { export_id: _id, tasks: _tasks, ...old } = manifest;
    const older = write('older', JSON.stringify(old));
    await expect(readExportManifest(older)).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining(
        'an older Turnwise wrote it: export again',
      ) as unknown as string,
    });
  });

  it('refuses a file far too large to be a manifest without reading it', async () => {
    const huge = write('huge', '');
    truncateSync(huge, 200 * 1024 * 1024); // sparse: no disk is used
    await expect(readExportManifest(huge)).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('210 MB is too large') as unknown as string,
    });
  });
});
