// Folder imports on a real folder: files of two formats plus a README, a SOURCE.txt and a
// predictions file (not trajectories). Each file is detected on its own, the strays are skipped
// and listed, each format makes its own dataset, and the preview shows all of it first.
import { copyFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Workspace } from '../store/workspace';
import { readAllItems, samplePath, tempDir, trajectoriesOf } from '../testing/test-support';
import { previewImport } from './preview-import';
import { formatByName } from './registry';
import { runImport, type ImportOptions } from './run-import';

let dir = '';
let cleanup: () => void = () => undefined;
let workspace: Workspace;
let folder = '';

const INSPECT = ['inspect-ai/log_formats.json', 'inspect-ai/log_tool_call_error.json'];
const NEMO = 'nemo-gym/example_single_tool_call.example_rollouts.jsonl';
const STRAYS = ['README.md', 'SOURCE.txt', 'all_preds.jsonl'];

function copy(sample: string, to: string): string {
  const target = path.join(folder, to);
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(samplePath(sample), target);
  return target;
}

beforeEach(async () => {
  ({ dir, cleanup } = tempDir());
  workspace = await Workspace.open(path.join(dir, 'ws.duckdb'));
  folder = path.join(dir, 'runs');
  for (const sample of INSPECT) copy(sample, path.join('inspect', path.basename(sample)));
  copy(NEMO, path.join('nemo', path.basename(NEMO)));
  copy('README.md', 'README.md');
  copy('nemo-gym/SOURCE.txt', 'SOURCE.txt');
  copy('swe-agent-traj/all_preds.jsonl', 'all_preds.jsonl');
});
afterEach(() => {
  workspace.close();
  cleanup();
});

const never = new AbortController().signal;
const options = (extra: Partial<ImportOptions> = {}): ImportOptions => ({
  paths: [folder],
  format: 'auto',
  onError: 'abort',
  ...extra,
});

async function trajectoryCount(format: string, sample: string): Promise<number> {
  return trajectoriesOf(await readAllItems(formatByName(format), samplePath(sample))).length;
}

describe('a folder of two formats and stray files', () => {
  it('imports one dataset per format and lists the skipped files', async () => {
    const inspect =
      (await trajectoryCount('inspect', INSPECT[0] as string)) +
      (await trajectoryCount('inspect', INSPECT[1] as string));
    const nemo = await trajectoryCount('nemo-gym', NEMO);
    const summary = await runImport(workspace, options(), () => undefined, never);
    expect(summary.datasets).toEqual([
      expect.objectContaining({
        dataset: 'runs-inspect',
        format: 'inspect',
        files: 2,
        trajectories: inspect,
      }),
      expect.objectContaining({
        dataset: 'runs-nemo-gym',
        format: 'nemo-gym',
        files: 1,
        trajectories: nemo,
      }),
    ]);
    expect(summary).toMatchObject({
      dataset: 'runs-inspect',
      format: 'inspect',
      trajectories: inspect + nemo,
    });
    expect(summary.skipped_files).toEqual(
      [...STRAYS].sort().map((name) => ({
        file: path.join(folder, name),
        reason: expect.stringMatching(/^format not recognised/) as unknown as string,
      })),
    );
    const rows = await workspace.query(
      `SELECT d.dataset_id, d.format, count(t.trajectory_id) AS n
       FROM datasets d JOIN trajectories t USING (dataset_id) GROUP BY ALL ORDER BY 1`,
    );
    expect(rows).toEqual([
      { dataset_id: 'runs-inspect', format: 'inspect', n: inspect },
      { dataset_id: 'runs-nemo-gym', format: 'nemo-gym', n: nemo },
    ]);
    // Ids are scoped by the file within its dataset, and a re-import is refused.
    const [id] = await workspace.query(
      `SELECT trajectory_id FROM trajectories WHERE dataset_id = 'runs-inspect' ORDER BY 1 LIMIT 1`,
    );
    expect(String(id?.trajectory_id)).toMatch(/^runs-inspect:log_formats\.json:/);
    await expect(runImport(workspace, options(), () => undefined, never)).rejects.toMatchObject({
      code: 'duplicate',
    });
  });

  it('the preview lists every file with its format, count or reason, and the datasets', async () => {
    const preview = await previewImport({
      paths: [folder],
      format: 'auto',
      format_options: {},
      on_error: 'abort',
    });
    const byName = Object.fromEntries(
      preview.files.map((file) => [path.relative(folder, file.path), file]),
    );
    expect(Object.keys(byName).sort()).toEqual(
      [
        ...STRAYS,
        'inspect/log_formats.json',
        'inspect/log_tool_call_error.json',
        `nemo/${path.basename(NEMO)}`,
      ].sort(),
    );
    expect(byName['inspect/log_formats.json']).toMatchObject({
      status: 'import',
      format: 'inspect',
      records: await trajectoryCount('inspect', INSPECT[0] as string),
      bad_records: 0,
      reason: null,
    });
    expect(byName[`nemo/${path.basename(NEMO)}`]).toMatchObject({
      status: 'import',
      format: 'nemo-gym',
      records: await trajectoryCount('nemo-gym', NEMO),
    });
    for (const stray of STRAYS) {
      expect(byName[stray]).toMatchObject({
        status: 'skip',
        format: null,
        records: null,
        reason: expect.stringMatching(/^format not recognised/) as unknown as string,
      });
    }
    expect(preview.datasets).toEqual([
      { name: 'runs-inspect', format: 'inspect', files: 2 },
      { name: 'runs-nemo-gym', format: 'nemo-gym', files: 1 },
    ]);
    // The sample rows and candidates are of the first file read, not of the README.
    expect(preview).toMatchObject({ format: 'inspect', counted_all: true, total_files: 6 });
    expect(preview.candidates[0]?.name).toBe('inspect');
    expect(preview.trajectories.length).toBeGreaterThan(0);
  });

  it('a chosen format reads the files with its extensions and skips the rest', async () => {
    const summary = await runImport(
      workspace,
      options({ format: 'inspect', dataset: 'logs' }),
      () => undefined,
      never,
    );
    expect(summary.datasets).toEqual([expect.objectContaining({ dataset: 'logs', files: 2 })]);
    expect(summary.skipped_files.map((file) => path.basename(file.file)).sort()).toEqual(
      [...STRAYS, path.basename(NEMO)].sort(),
    );
    expect(summary.skipped_files[0]?.reason).toBe(
      'not a .eval, .json, .json.gz, .json.zst file, which format inspect reads',
    );
  });

  it('a format whose files hold only bad records is left out when bad records are skipped', async () => {
    const [line] = readFileSync(samplePath(NEMO), 'utf8').split('\n');
    const record = JSON.parse(line ?? '') as { response: { output: unknown[] } };
    record.response.output[0] = 42;
    writeFileSync(path.join(folder, 'nemo', path.basename(NEMO)), `${JSON.stringify(record)}\n`);
    await expect(runImport(workspace, options(), () => undefined, never)).rejects.toThrow(
      /:1: response\.output\[0\]: expected an item object/,
    );
    const summary = await runImport(
      workspace,
      options({ onError: 'skip' }),
      () => undefined,
      never,
    );
    expect(summary.datasets.map((made) => made.format)).toEqual(['inspect']);
    expect(summary.skipped).toHaveLength(1);
    expect(summary.skipped_files).toContainEqual({
      file: path.join(folder, 'nemo', path.basename(NEMO)),
      reason: 'no trajectories to import (1 bad records)',
    });
  });
});

describe('files a reader reads along with another', () => {
  const textRun = new URL('./formats/fixtures/tau2-text-run', import.meta.url).pathname;

  it('are not read on their own, and are part of the content hash', async () => {
    const run = path.join(folder, 'tau2');
    cpSync(textRun, run, { recursive: true });
    const tauFolder = { paths: [run] };
    copy('README.md', 'tau2/README.md');
    const preview = await previewImport({
      ...tauFolder,
      format: 'auto',
      format_options: {},
      on_error: 'abort',
    });
    expect(
      preview.files.map((file) => [path.relative(run, file.path), file.status, file.reason]),
    ).toEqual([
      ['README.md', 'skip', 'format not recognised'],
      ['SOURCE.md', 'skip', 'format not recognised'],
      ['results.json', 'import', null],
      ...['1e6ab266-4f66-5353-b186-5b84d654629a', '3df5f5c1-7ff1-552a-926d-1f913d31ced1'].map(
        (id) => [`simulations/${id}.json`, 'companion', 'read with results.json'],
      ),
    ]);
    expect(preview.datasets).toEqual([{ name: 'tau2', format: 'tau-bench', files: 1 }]);
    const summary = await runImport(workspace, options(tauFolder), () => undefined, never);
    expect(summary.datasets).toEqual([
      expect.objectContaining({ dataset: 'tau2', format: 'tau-bench', files: 1, trajectories: 2 }),
    ]);
    // A changed simulation file is new content, not a re-import.
    const simulation = path.join(run, 'simulations', '1e6ab266-4f66-5353-b186-5b84d654629a.json');
    writeFileSync(simulation, `${readFileSync(simulation, 'utf8')}\n`);
    const again = await runImport(workspace, options(tauFolder), () => undefined, never);
    expect(again.dataset).toBe('tau2-2');
  });
});

describe('what cannot be imported says why and what to choose', () => {
  it('a file named on its own must be recognised', async () => {
    const readme = path.join(folder, 'README.md');
    await expect(
      runImport(workspace, options({ paths: [readme] }), () => undefined, never),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      message: `${readme}: format not recognised`,
      details: { remedy: 'choose_format', can_skip: false },
    });
  });

  it('a folder of no trajectory files names them and their reasons', async () => {
    const strays = path.join(dir, 'strays');
    mkdirSync(strays);
    for (const name of STRAYS) copyFileSync(path.join(folder, name), path.join(strays, name));
    const run = runImport(workspace, options({ paths: [strays] }), () => undefined, never);
    await expect(run).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(
        /strays: no trajectory files among 3 \(README\.md: format not recognised.*; SOURCE\.txt: format not recognised/,
      ) as unknown as string,
      details: { remedy: 'choose_format', skipped_files: expect.any(Array) as unknown as [] },
    });
    expect(await workspace.query('SELECT * FROM datasets')).toEqual([]);
  });
});
