// What `--overwrite` may replace: only a previous export's folder, never a folder holding the
// workspace, however links are laid to reach it. Real folders, a real workspace and real exports.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutFolder } from './export-folder';
import {
  type DemoWorkspace,
  exportOptions,
  openDemoWorkspace,
} from '../testing/export-test-workspace';
import { runExport } from './run-export';

let demo: DemoWorkspace;
beforeAll(async () => {
  demo = await openDemoWorkspace({ lines: 8 });
}, 60_000);
afterAll(() => demo.cleanup());

const never = new AbortController().signal;

function exportTo(out: string, overwrite: boolean) {
  return runExport(
    demo.workspace,
    { ...exportOptions('trl-sft', out), overwrite },
    () => undefined,
    never,
  );
}

/** A folder's names, with those of its parent, to see nothing was written or left beside it. */
function listing(folder: string): string[] {
  return [...readdirSync(folder).sort(), '|', ...readdirSync(path.dirname(folder)).sort()];
}

/** A previous export's folder, made by a real export. */
async function previousExport(name: string): Promise<string> {
  const out = path.join(demo.dir, name);
  await exportTo(out, false);
  return out;
}

describe('export --overwrite', () => {
  it('replaces a previous export', async () => {
    const out = await previousExport('previous');
    const before = readFileSync(path.join(out, 'turnwise-manifest.json'), 'utf8');
    const summary = await exportTo(out, true);
    expect(summary.out_dir).toBe(out);
    expect(readdirSync(out).sort()).toEqual(['train.jsonl', 'turnwise-manifest.json']);
    // Same selection, same export: the manifest was written again, not kept.
    expect(readFileSync(path.join(out, 'turnwise-manifest.json'), 'utf8')).toBe(before);
    expect(readdirSync(demo.dir).filter((name) => name.startsWith('previous.'))).toEqual([]);
  });

  it('refuses a folder that is not an export, writing nothing', async () => {
    const thesis = path.join(demo.dir, 'thesis');
    mkdirSync(thesis);
    writeFileSync(path.join(thesis, 'chapter1.tex'), 'years of work');
    const before = listing(thesis);
    await expect(exportTo(thesis, true)).rejects.toMatchObject({
      code: 'invalid_input',
      message:
        `${thesis} is not replaced: it holds no readable turnwise-manifest.json, so no ` +
        'Turnwise export wrote it. Overwriting replaces only the folder of a previous export; ' +
        'choose an empty or new folder',
    });
    expect(listing(thesis)).toEqual(before);
    expect(readFileSync(path.join(thesis, 'chapter1.tex'), 'utf8')).toBe('years of work');
  });

  it('refuses a previous export holding files it did not write', async () => {
    const out = await previousExport('annotated');
    writeFileSync(path.join(out, 'notes.md'), 'my notes');
    mkdirSync(path.join(out, 'figures'));
    writeFileSync(path.join(out, 'figures', 'plot.png'), 'png');
    await expect(exportTo(out, true)).rejects.toThrow(
      `${out} is not replaced: it holds files its export did not write (figures, ` +
        'figures/plot.png, notes.md). Move them out, or choose an empty or new folder',
    );
    expect(readFileSync(path.join(out, 'notes.md'), 'utf8')).toBe('my notes');
  });

  it('refuses the workspace’s own folder, even holding a manifest', async () => {
    // A manifest planted beside the workspace must not make its folder replaceable.
    const planted = path.join(demo.dir, 'turnwise-manifest.json');
    writeFileSync(planted, JSON.stringify({ export_id: 'x', files: [] }));
    try {
      await expect(exportTo(demo.dir, true)).rejects.toMatchObject({
        code: 'invalid_input',
        message: `${demo.dir} holds this workspace (${demo.workspace.path}); an export never replaces a folder holding its workspace: choose another folder`,
      });
    } finally {
      renameSync(planted, `${planted}.moved`);
    }
    expect(existsSync(demo.workspace.path)).toBe(true);
  });

  it('refuses a link to the workspace’s folder, and a link to a previous export', async () => {
    const toWorkspace = path.join(path.dirname(demo.dir), `${path.basename(demo.dir)}-link`);
    symlinkSync(demo.dir, toWorkspace);
    try {
      await expect(exportTo(toWorkspace, true)).rejects.toThrow(
        `${toWorkspace} is a symbolic link to ${demo.dir}; an export does not replace a link's target`,
      );
    } finally {
      renameSync(toWorkspace, path.join(demo.dir, 'moved-link'));
    }
    const out = await previousExport('linked-target');
    const link = path.join(demo.dir, 'linked');
    symlinkSync(out, link);
    await expect(exportTo(link, true)).rejects.toThrow(/linked is a symbolic link to/);
    expect(readdirSync(out).sort()).toEqual(['train.jsonl', 'turnwise-manifest.json']);
  });
});

describe('checkOutFolder and links', () => {
  const make = (...parts: string[]) => {
    const folder = path.join(demo.dir, 'links', ...parts);
    mkdirSync(folder, { recursive: true });
    return folder;
  };
  const manifest = (folder: string, files: string[] = []) =>
    writeFileSync(
      path.join(folder, 'turnwise-manifest.json'),
      JSON.stringify({
        manifest_version: 1,
        export_id: 'e',
        files: files.map((p) => ({ path: p })),
      }),
    );

  it('refuses a folder the workspace is deep inside, listed files or not', () => {
    const out = make('deep-out');
    const inner = make('deep-out', 'a', 'b');
    writeFileSync(path.join(inner, 'ws.duckdb'), '');
    manifest(out, ['a/b/ws.duckdb']);
    expect(() => checkOutFolder(out, true, path.join(inner, 'ws.duckdb'))).toThrow(
      /deep-out holds this workspace/,
    );
  });

  it('refuses a workspace named through a link that resolves inside the folder', () => {
    const out = make('real-out');
    const inner = make('real-out', 'deep', 'er');
    writeFileSync(path.join(inner, 'ws.duckdb'), '');
    manifest(out);
    const via = path.join(demo.dir, 'links', 'via');
    symlinkSync(inner, via);
    expect(() => checkOutFolder(out, true, path.join(via, 'ws.duckdb'))).toThrow(
      /real-out holds this workspace \(.*via\/ws\.duckdb\)/,
    );
  });

  it('refuses a folder reached through a linked parent that holds the workspace', () => {
    const parent = make('parent');
    const out = make('parent', 'out');
    writeFileSync(path.join(out, 'ws.duckdb'), '');
    const linkedParent = path.join(demo.dir, 'links', 'linked-parent');
    symlinkSync(parent, linkedParent);
    expect(() =>
      checkOutFolder(path.join(linkedParent, 'out'), true, path.join(out, 'ws.duckdb')),
    ).toThrow(/holds this workspace/);
  });

  it('refuses a manifest that is a link, and a listed file that is a link', () => {
    const real = make('real-export');
    manifest(real, ['train.jsonl']);
    writeFileSync(path.join(real, 'train.jsonl'), '{}\n');
    const workspace = path.join(demo.dir, 'ws.duckdb');
    expect(() => checkOutFolder(real, true, workspace)).not.toThrow();

    const linkedManifest = make('linked-manifest');
    symlinkSync(
      path.join(real, 'turnwise-manifest.json'),
      path.join(linkedManifest, 'turnwise-manifest.json'),
    );
    writeFileSync(path.join(linkedManifest, 'train.jsonl'), '{}\n');
    expect(() => checkOutFolder(linkedManifest, true, workspace)).toThrow(
      /turnwise-manifest\.json is not a regular file/,
    );

    const linkedFile = make('linked-file');
    manifest(linkedFile, ['train.jsonl']);
    symlinkSync(demo.dir, path.join(linkedFile, 'train.jsonl'));
    expect(() => checkOutFolder(linkedFile, true, workspace)).toThrow(
      /holds files its export did not write \(train\.jsonl\)/,
    );
  });

  it('lets an export write a new or empty folder without overwrite', () => {
    const workspace = path.join(demo.dir, 'ws.duckdb');
    expect(() =>
      checkOutFolder(path.join(demo.dir, 'links', 'new', 'out'), false, workspace),
    ).not.toThrow();
    expect(() => checkOutFolder(make('empty'), false, workspace)).not.toThrow();
    const busy = make('busy');
    manifest(busy);
    expect(() => checkOutFolder(busy, false, workspace)).toThrow(
      /busy exists and is not empty: choose another folder; to replace a previous export there, allow overwriting \(--overwrite\)/,
    );
  });
});
