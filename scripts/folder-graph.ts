// The folder graph of a source tree: which folders' product code imports which others'. A cycle
// means two folders cannot be understood, tested or moved apart (docs/ARCHITECTURE.md, Layers);
// scripts/folder-cycles.test.ts keeps the engine's and the renderer's graphs acyclic.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { treeFiles } from './tree-files';

/** `from -> to -> files`: for each edge, the imports that make it (`file => imported file`). */
export type FolderGraph = Map<string, Map<string, string[]>>;

const SOURCE = /\.tsx?$/;
const NOT_PRODUCT = /(\.test\.tsx?|test-support\.ts|\.d\.ts)$/;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx', ''];

const isProductSource = (relative: string) => SOURCE.test(relative) && !NOT_PRODUCT.test(relative);

function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * The graph of the product code under `root` (tests, test scaffolding and declaration files left
 * out), each file in the folder `folderOf` names for its path relative to `root`.
 */
export function folderGraph(
  root: string,
  folderOf: (relative: string) => string,
  skip: (relative: string) => boolean = () => false,
): FolderGraph {
  const graph: FolderGraph = new Map();
  const relativeOf = (file: string) => path.relative(root, file).split(path.sep).join('/');
  for (const relative of treeFiles(root, isProductSource, skip)) {
    const file = path.join(root, relative);
    const from = folderOf(relative);
    if (!graph.has(from)) graph.set(from, new Map());
    const imports = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles;
    for (const { fileName } of imports) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveImport(file, fileName);
      if (target === null) continue;
      const relativeTarget = relativeOf(target);
      if (relativeTarget.startsWith('..') || skip(relativeTarget)) continue;
      const to = folderOf(relativeTarget);
      if (to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      edges.set(to, [...(edges.get(to) ?? []), `${relative} => ${relativeTarget}`]);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** The graph's cycles: each strongly connected set of two or more folders (Tarjan), sorted. */
export function folderCycles(graph: FolderGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (folder: string) => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder) ?? 0);
    stack.push(folder);
    onStack.add(folder);
    for (const next of graph.get(folder)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(folder, Math.min(low.get(folder) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(folder) !== index.get(folder)) return;
    const members: string[] = [];
    for (;;) {
      const member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      members.push(member);
      if (member === folder) break;
    }
    if (members.length > 1) cycles.push(members.sort());
  };
  for (const folder of graph.keys()) if (!index.has(folder)) visit(folder);
  return cycles;
}

/** The imports that hold a cycle together, one line per edge inside it, for a failure message. */
export function describeCycle(graph: FolderGraph, cycle: string[]): string[] {
  return cycle.flatMap((from) =>
    [...(graph.get(from) ?? new Map<string, string[]>())]
      .filter(([to]) => cycle.includes(to))
      .map(([to, files]) => `${from} -> ${to}: ${files.slice(0, 3).join('; ')}`),
  );
}
