// Atomicity of runExport on a real workspace: an export cancelled or failing after some records
// were written leaves neither the output folder nor its temporary folder behind.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportSelectionSchema } from '../../../shared/api-export';
import { runImport } from '../importers/run-import';
import { Workspace } from '../store/workspace';
import { tempDir } from '../test-support';
import { runExport } from './run-export';

const tmp = tempDir();
const DEMO = path.resolve(import.meta.dirname, '../../../datasets/demo/demo.jsonl');

describe('runExport atomicity', () => {
  let workspace: Workspace;

  beforeAll(async () => {
    const file = path.join(tmp.dir, 'slice.jsonl');
    writeFileSync(file, `${readFileSync(DEMO, 'utf8').split('\n').slice(0, 16).join('\n')}\n`);
    workspace = await Workspace.open(path.join(tmp.dir, 'ws.duckdb'));
    const never = new AbortController().signal;
    await runImport(
      workspace,
      { paths: [file], format: 'auto', onError: 'abort' },
      () => {},
      never,
    );
  }, 60_000);
  afterAll(() => {
    workspace.close();
    tmp.cleanup();
  });

  const options = (out: string) => ({
    ...ExportSelectionSchema.parse({ target: 'trl-sft' }),
    out_dir: out,
    overwrite: false,
  });

  it('a cancel after some records removes the temporary folder and creates no output', async () => {
    const parent = path.join(tmp.dir, 'cancelled');
    mkdirSync(parent);
    const controller = new AbortController();
    let seen = 0;
    const run = runExport(
      workspace,
      options(path.join(parent, 'out')),
      (progress) => {
        seen = progress.done;
        // Records are being written into the temporary folder when the cancel arrives.
        if (progress.done === 5) {
          expect(readdirSync(parent)).toEqual([expect.stringMatching(/^out\.tmp-[0-9a-f]+$/)]);
          controller.abort();
        }
      },
      controller.signal,
    );
    await expect(run).rejects.toThrow(/cancelled/);
    expect(seen).toBe(5);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('a failure while writing removes the temporary folder and creates no output', async () => {
    const parent = path.join(tmp.dir, 'failed');
    mkdirSync(parent);
    const run = runExport(
      workspace,
      options(path.join(parent, 'out')),
      (progress) => {
        if (progress.done === 3) throw new Error('disk on fire');
      },
      new AbortController().signal,
    );
    await expect(run).rejects.toThrow(/disk on fire/);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('completes into the output folder when nothing goes wrong', async () => {
    const parent = path.join(tmp.dir, 'ok');
    mkdirSync(parent);
    const summary = await runExport(
      workspace,
      options(path.join(parent, 'out')),
      () => {},
      new AbortController().signal,
    );
    expect(summary.records).toBe(16);
    expect(readdirSync(parent)).toEqual(['out']);
  });
});
