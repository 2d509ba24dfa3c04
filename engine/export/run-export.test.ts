// Atomicity of runExport on a real workspace: an export cancelled or failing after some records
// were written leaves neither the output folder nor its temporary folder behind.
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DemoWorkspace,
  exportOptions,
  openDemoWorkspace,
} from '../testing/export-test-workspace';
import { runExport } from './run-export';

describe('runExport atomicity', () => {
  let demo: DemoWorkspace;

  beforeAll(async () => {
    demo = await openDemoWorkspace({ lines: 16 });
  }, 60_000);
  afterAll(() => demo.cleanup());

  const options = (out: string) => exportOptions('trl-sft', out);

  it('a cancel after some records removes the temporary folder and creates no output', async () => {
    const parent = path.join(demo.dir, 'cancelled');
    mkdirSync(parent);
    const controller = new AbortController();
    let seen = 0;
    const run = runExport(
      demo.workspace,
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
    const parent = path.join(demo.dir, 'failed');
    mkdirSync(parent);
    const run = runExport(
      demo.workspace,
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
    const parent = path.join(demo.dir, 'ok');
    mkdirSync(parent);
    const summary = await runExport(
      demo.workspace,
      options(path.join(parent, 'out')),
      () => {},
      new AbortController().signal,
    );
    expect(summary.records).toBe(16);
    expect(readdirSync(parent)).toEqual(['out']);
  });
});
