// Walks a source tree for the repository's own checks (folder-graph.ts, test-inclusion.test.ts).
import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The files under `root` that `keep` accepts, as paths relative to it with '/' separators; `skip`
 * leaves out a file, or a folder with all it holds, by that path.
 */
export function treeFiles(
  root: string,
  keep: (relative: string) => boolean,
  skip: (relative: string) => boolean = () => false,
  dir = '',
): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (skip(relative)) return [];
    if (entry.isDirectory()) return treeFiles(root, keep, skip, relative);
    return keep(relative) ? [relative] : [];
  });
}
