// The built `turnwise` is used only while no source it was built from is newer, and a build runs
// as the command does.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../electron/engine/test-support';
import { buildCli, currentCliBuild } from './cli-build.mjs';

const { dir, cleanup } = tempDir();
afterAll(cleanup);

describe('the built CLI', { timeout: 120_000 }, () => {
  it('is current until a source is newer or gone, and runs like the sources', async () => {
    expect(currentCliBuild(dir)).toBeNull();
    const entry = await buildCli(dir);
    expect(currentCliBuild(dir)).toBe(entry);

    const pointerFile = path.join(dir, 'current.json');
    const pointer = JSON.parse(readFileSync(pointerFile, 'utf8')) as {
      started: number;
      inputs: string[];
    };
    expect(pointer.inputs).toContain('electron/cli.ts');
    expect(pointer.inputs).toContain('electron/engine/engine-worker.ts');
    // Built before the sources were last written: stale.
    writeFileSync(pointerFile, JSON.stringify({ ...pointer, started: 0 }));
    expect(currentCliBuild(dir)).toBeNull();
    // A source removed since: stale.
    const gone = { ...pointer, inputs: [...pointer.inputs, 'electron/no-such-file.ts'] };
    writeFileSync(pointerFile, JSON.stringify(gone));
    expect(currentCliBuild(dir)).toBeNull();

    const cli = (await import(pathToFileURL(entry).href)) as {
      main: (argv: string[]) => Promise<number>;
    };
    expect(await cli.main(['help', 'formats'])).toBe(0);
  });
});
