// Inputs built to balloon an import (docs/security.md, "Imports that cannot balloon"): each is
// made here, imported, and must be refused naming the file and the reason, leave the workspace as
// it was, and keep the process's memory bounded. Caps are set small through their variables, so
// the bombs stay megabytes, not gigabytes; the zstd bomb is the attacker's own, at default caps.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Workspace } from '../store/workspace';
import { tempDir, turnwiseRecord } from '../testing/test-support';
import { writeZip } from '../testing/zip-fixture';
import { runImport, type ImportOptions } from './run-import';

const MiB = 1 << 20;
let dir: string;
let cleanup: () => void;
let workspace: Workspace;

beforeAll(async () => {
  ({ dir, cleanup } = tempDir('turnwise-bombs-'));
  workspace = await Workspace.open(path.join(dir, 'ws.duckdb'));
});
afterAll(() => {
  workspace.close();
  cleanup();
});
afterEach(() => vi.unstubAllEnvs());

async function snapshot(): Promise<string> {
  const rows = await workspace.query(
    `SELECT (SELECT count(*) FROM tw_datasets) AS d, (SELECT count(*) FROM tw_trajectories) AS t,
            (SELECT count(*) FROM tw_turns) AS u`,
  );
  return JSON.stringify(rows);
}

function importing(paths: string[], extra: Partial<ImportOptions> = {}) {
  return runImport(
    workspace,
    { paths, format: 'auto', onError: 'abort', ...extra },
    () => undefined,
    new AbortController().signal,
  );
}

/** The import's error, checking that it wrote nothing and how far resident memory grew. */
async function refused(paths: string[], extra: Partial<ImportOptions> = {}) {
  const before = await snapshot();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const error = (await importing(paths, extra).then(
    () => new Error('the import succeeded'),
    (e: unknown) => e,
  )) as { code?: string; message: string };
  clearInterval(sampler);
  expect(await snapshot()).toBe(before);
  return { code: error.code, message: error.message, grown: peak - baseline };
}

/** Runs a shell pipeline that writes `file` (the bombs' bulk never passes through this process). */
function shell(command: string, file: string): string {
  const made = spawnSync('sh', ['-c', `${command} > '${file}'`]);
  expect(made.status, String(made.stderr)).toBe(0);
  return file;
}

const good = (id: string) => JSON.stringify(turnwiseRecord({ id }));
const header = { version: 2, status: 'success', eval: { task: 'demo', model: 'openai/m' } };

describe('import bombs', () => {
  it('refuses a .eval whose sample entry inflates past the document cap', async () => {
    vi.stubEnv('TURNWISE_IMPORT_MAX_DOCUMENT_MB', '1');
    const file = path.join(dir, 'bomb.eval');
    writeZip(file, [
      { name: 'header.json', data: JSON.stringify(header) },
      { name: 'samples/1_epoch_1.json', data: Buffer.alloc(40 * MiB, ' ') },
    ]);
    for (const onError of ['abort', 'skip'] as const) {
      const { code, message, grown } = await refused([file], { onError });
      expect(code).toBe('invalid_input');
      expect(message).toMatch(
        /bomb\.eval: samples\/1_epoch_1\.json: the entry declares 40 MB, over the cap on one JSON document \(1 MB\)/,
      );
      // Refused by its declared size, before a byte of it was inflated.
      expect(grown).toBeLessThan(20 * MiB);
    }
  });

  it('refuses a .eval entry that inflates past the size it declares', async () => {
    const file = path.join(dir, 'forged.eval');
    writeZip(file, [
      { name: 'header.json', data: JSON.stringify(header) },
      { name: 'samples/1_epoch_1.json', data: Buffer.alloc(40 * MiB, ' '), declaredSize: 1000 },
    ]);
    const { code, message, grown } = await refused([file], { onError: 'skip' });
    expect(code).toBe('invalid_input');
    expect(message).toContain(
      'forged.eval: samples/1_epoch_1.json: the entry inflates to more bytes than the 1000 ' +
        'its archive declares',
    );
    expect(grown).toBeLessThan(20 * MiB);
  });

  it('refuses a .eval whose zstd sample entry inflates past its declared size or the cap', async () => {
    // 400 MB of blanks in about 12 kB of zstd, as Inspect compresses entries since 2026.
    const body = readFileSync(
      shell(
        `head -c 400000000 /dev/zero | tr '\\0' ' ' | zstd -q -c`,
        path.join(dir, 'blanks.zst'),
      ),
    );
    const zstdEval = (name: string, declaredSize: number) => {
      const file = path.join(dir, name);
      writeZip(file, [
        { name: 'header.json', data: JSON.stringify(header) },
        {
          name: 'samples/1_epoch_1.json',
          data: '',
          declaredSize,
          compressed: { method: 93, body },
        },
      ]);
      return file;
    };
    const forged = await refused([zstdEval('zstd-forged.eval', 1000)], { onError: 'skip' });
    expect(forged.code).toBe('invalid_input');
    expect(forged.message).toContain(
      'zstd-forged.eval: samples/1_epoch_1.json: the entry inflates to more bytes than the 1000 ' +
        'its archive declares',
    );
    // Stopped within a block of the declared size: nothing near 400 MB was inflated.
    expect(forged.grown).toBeLessThan(100 * MiB);

    vi.stubEnv('TURNWISE_IMPORT_MAX_DOCUMENT_MB', '1');
    const honest = await refused([zstdEval('zstd-big.eval', 40 * MiB)]);
    expect(honest.message).toMatch(
      /zstd-big\.eval: samples\/1_epoch_1\.json: the entry declares 40 MB, over the cap on one JSON document \(1 MB\)/,
    );
  }, 60_000);

  it('refuses a gzip holding one 200 MB line, not holding the line', async () => {
    vi.stubEnv('TURNWISE_IMPORT_MAX_LINE_MB', '1');
    // Only the line cap here: the ratio cap would refuse this file first.
    vi.stubEnv('TURNWISE_IMPORT_MAX_RATIO', '1000000');
    const record = (body: string) =>
      `printf '{"trajectory_id":"big","messages":[{"role":"user","content":"'; ${body}; printf '"}]}\\n'`;
    const line = `head -c ${200 * 1000 * 1000} /dev/zero | tr '\\0' x`;
    const file = shell(
      `{ ${record(line)}; echo '${good('ok')}'; } | gzip -1`,
      path.join(dir, 'one-line.jsonl.gz'),
    );
    const { code, message, grown } = await refused([file]);
    expect(code).toBe('invalid_input');
    expect(message).toMatch(
      /one-line\.jsonl\.gz:1: the line is longer than 1 MB, the cap on one record \(TURNWISE_IMPORT_MAX_LINE_MB raises it\)/,
    );
    // Held whole, the line alone would be 200 MB of bytes and 200 MB of string.
    expect(grown).toBeLessThan(100 * MiB);

    // With skip, the line is a bad record like any other and the rest is imported.
    const summary = await importing([file], { onError: 'skip', dataset: 'one-line' });
    expect(summary.trajectories).toBe(1);
    expect(summary.skipped).toEqual([
      { file, line: 1, reason: expect.stringMatching(/^the line is longer than 1 MB/) as unknown },
    ]);
  }, 60_000);

  it('skips an over-long line read on a reading thread, the cap reaching the thread', async () => {
    vi.stubEnv('TURNWISE_READ_WORKER_MIN_BYTES', '0');
    vi.stubEnv('TURNWISE_IMPORT_MAX_LINE_MB', String(4096 / MiB));
    const long = JSON.stringify(turnwiseRecord({ id: 'long' })).replace('coding', 'x'.repeat(5000));
    const file = path.join(dir, 'threaded.jsonl');
    writeFileSync(file, [good('1'), long, good('3')].join('\n'));
    const summary = await importing([file], { onError: 'skip', dataset: 'threaded' });
    expect(summary.trajectories).toBe(2);
    expect(summary.skipped).toEqual([
      { file, line: 2, reason: expect.stringMatching(/^the line is longer than 4 kB/) as unknown },
    ]);
  });

  it.each([
    ['on this thread', '1000000000'],
    ['on a reading thread', '0'],
  ])(
    'refuses a 12 kB zstd of 400 MB blanks %s, at default caps',
    async (_name, minBytes) => {
      vi.stubEnv('TURNWISE_READ_WORKER_MIN_BYTES', minBytes);
      const file = shell(
        `head -c 400000000 /dev/zero | tr '\\0' ' ' | zstd -q -c`,
        path.join(dir, `blanks-${minBytes}.jsonl.zst`),
      );
      for (const onError of ['abort', 'skip'] as const) {
        const { code, message, grown } = await refused([file], { format: 'turnwise', onError });
        expect(code).toBe('invalid_input');
        expect(message).toMatch(
          /blanks-\d+\.jsonl\.zst: 12\.\d kB decompress to more than 1000 times their size \(64\.\d MB so far: a decompression bomb\?\); nothing was imported \(raise the cap with TURNWISE_IMPORT_MAX_RATIO if the file is trusted\)/,
        );
        // At most the 64 MB floor is decompressed, and it is not kept.
        expect(grown).toBeLessThan(200 * MiB);
      }
    },
    60_000,
  );

  it('refuses a FIFO named directly instead of waiting on it', async () => {
    const pipe = path.join(dir, 'feed.jsonl');
    expect(spawnSync('mkfifo', [pipe]).status).toBe(0);
    const { code, message } = await refused([pipe]);
    expect(code).toBe('invalid_input');
    expect(message).toBe(
      `${pipe}: is a named pipe (FIFO), not a regular file: not read, since it could wait ` +
        'forever or never end',
    );
  });

  it('imports a folder around a FIFO, listing the FIFO as skipped', async () => {
    const folder = path.join(dir, 'folder-with-pipe');
    mkdirSync(folder);
    expect(spawnSync('mkfifo', [path.join(folder, 'b.jsonl')]).status).toBe(0);
    writeFileSync(path.join(folder, 'a.jsonl'), `${good('a')}\n`);
    const summary = await importing([folder], { dataset: 'folder-with-pipe' });
    expect(summary.trajectories).toBe(1);
    expect(summary.skipped_files).toEqual([
      {
        file: path.join(folder, 'b.jsonl'),
        reason:
          'a named pipe (FIFO), not a regular file: not read, since it could wait forever or ' +
          'never end',
      },
    ]);
  });
});
