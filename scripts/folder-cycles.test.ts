// The engine's and the renderer's folders form no cycle (docs/ARCHITECTURE.md, Layers): a
// feature imports the base under it and nothing that imports it back. Tests and test
// scaffolding are left out; they may reach anywhere.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE_BASE } from './architecture';
import { describeCycle, folderCycles, folderGraph } from './folder-graph';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The top folder under the root; files at the root are the composition, `.`. */
const topFolder = (relative: string) =>
  relative.includes('/') ? (relative.split('/')[0] ?? '.') : '.';

/** As topFolder, but each renderer feature is a folder of its own. */
const rendererFolder = (relative: string) => {
  const parts = relative.split('/');
  return parts[0] === 'features' && parts.length > 2 ? `features/${parts[1]}` : topFolder(relative);
};

function cycleReport(root: string, folderOf: (relative: string) => string, skip: string[]) {
  const graph = folderGraph(root, folderOf, (relative) =>
    skip.some((folder) => relative === folder || relative.startsWith(`${folder}/`)),
  );
  return { graph, report: folderCycles(graph).map((cycle) => describeCycle(graph, cycle)) };
}

describe('folder cycles', () => {
  it('the engine has none', () => {
    const { graph, report } = cycleReport(path.join(ROOT, 'engine'), topFolder, [
      'testing',
      'import/formats/fixtures',
    ]);
    expect(graph.get('import')?.has('secrets')).toBe(true);
    expect(report).toEqual([]);
  });

  it("the engine's base folders import only the base below them (docs/ARCHITECTURE.md)", () => {
    // Lowest first, as in the layer table.
    const base: readonly string[] = ENGINE_BASE;
    const { graph } = cycleReport(path.join(ROOT, 'engine'), topFolder, ['testing']);
    const upward = base.flatMap((folder, level) =>
      [...(graph.get(folder) ?? new Map<string, string[]>())]
        .filter(([to]) => !base.slice(0, level).includes(to))
        .map(([to, files]) => `${folder} -> ${to}: ${files[0] ?? ''}`),
    );
    expect(upward).toEqual([]);
  });

  it('the renderer has none', () => {
    const { graph, report } = cycleReport(path.join(ROOT, 'renderer'), rendererFolder, ['test']);
    expect(graph.get('features/trajectory')?.has('components')).toBe(true);
    expect(report).toEqual([]);
  });

  it('finds a planted cycle and ignores what tests import', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'turnwise-folders-'));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    };
    write('a/x.ts', "import { y } from '../b/y';\nexport const x = y;\n");
    write('b/y.ts', "export type { X } from '../c/z';\nexport const y = 1;\n");
    write('c/z.ts', "export type X = typeof import('../a/x');\n");
    write('d/w.ts', 'export const w = 1;\n');
    write('d/w.test.ts', "import { x } from '../a/x';\nexport const v = x;\n");
    write('a/q.ts', "import { w } from '../d/w';\nexport const q = w;\n");
    const { report } = cycleReport(dir, topFolder, []);
    expect(report).toEqual([
      ['a -> b: a/x.ts => b/y.ts', 'b -> c: b/y.ts => c/z.ts', 'c -> a: c/z.ts => a/x.ts'],
    ]);
  });
});
