// Which folder an export may write, and which one --overwrite may replace (docs/security.md,
// "Export folders"). Replacing deletes the folder, and a workspace may come from anyone, with an
// export recipe naming any path: so only a previous export's folder is replaced, holding nothing
// its manifest does not list, and never a folder that holds the workspace, however it is reached.
import { lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { TurnwiseError } from '../../shared/result';
import { MANIFEST_FILE } from './manifest';

/** The path with every symbolic link resolved; for a path not there yet, its nearest parent's. */
function realPath(target: string): string {
  const missing: string[] = [];
  let at = target;
  for (;;) {
    try {
      return path.join(realpathSync(at), ...missing.reverse());
    } catch {
      const parent = path.dirname(at);
      if (parent === at) return target;
      missing.push(path.basename(at));
      at = parent;
    }
  }
}

/** Whether `inner` is `outer` or lies inside it, at any depth. */
function within(inner: string, outer: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function refuse(message: string): TurnwiseError {
  return new TurnwiseError('invalid_input', message);
}

/** The files a previous export's manifest lists, or why the folder is not a previous export. */
function manifestFiles(outDir: string): Set<string> | string {
  const manifest = path.join(outDir, MANIFEST_FILE);
  let parsed: unknown;
  try {
    // lstat: a manifest that is a link to one elsewhere does not make this folder an export.
    if (!lstatSync(manifest).isFile()) return `its ${MANIFEST_FILE} is not a regular file`;
    parsed = JSON.parse(readFileSync(manifest, 'utf8'));
  } catch {
    return `it holds no readable ${MANIFEST_FILE}, so no Turnwise export wrote it`;
  }
  const { export_id: id, files } = (parsed ?? {}) as { export_id?: unknown; files?: unknown };
  if (typeof id !== 'string' || !Array.isArray(files)) {
    return `its ${MANIFEST_FILE} is not a Turnwise export manifest`;
  }
  const listed = files.map((file) => (file as { path?: unknown } | null)?.path);
  return new Set([MANIFEST_FILE, ...listed.filter((p): p is string => typeof p === 'string')]);
}

/** What the folder holds besides the listed files and the folders they are in (never followed). */
function unlisted(outDir: string, listed: Set<string>): string[] {
  const folders = new Set(
    [...listed].flatMap((file) =>
      file
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );
  const extra: string[] = [];
  for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    const relative = path
      .relative(outDir, path.join(entry.parentPath, entry.name))
      .split(path.sep)
      .join('/');
    if (entry.isDirectory() ? folders.has(relative) : entry.isFile() && listed.has(relative)) {
      continue;
    }
    extra.push(relative);
  }
  return extra.sort();
}

/**
 * Refuses an output folder the export may not write: one that holds the workspace, and a
 * non-empty one unless `overwrite` is set and it is a previous export (its manifest lists every
 * file in it). A folder that does not exist, or is empty, is always fine.
 */
export function checkOutFolder(outDir: string, overwrite: boolean, workspaceFile: string): void {
  let info;
  try {
    info = lstatSync(outDir);
  } catch {
    return;
  }
  if (info.isSymbolicLink()) {
    throw refuse(
      `${outDir} is a symbolic link to ${realPath(outDir)}; an export does not replace a link's ` +
        'target: name the folder itself, or choose a new folder',
    );
  }
  if (!info.isDirectory()) throw refuse(`${outDir} exists and is not a folder`);
  if (readdirSync(outDir).length === 0) return;
  const workspace = realPath(workspaceFile);
  if (within(workspace, realPath(outDir))) {
    throw refuse(
      `${outDir} holds this workspace (${workspaceFile}); an export never replaces a folder ` +
        'holding its workspace: choose another folder',
    );
  }
  if (!overwrite) {
    throw refuse(
      `${outDir} exists and is not empty: choose another folder; to replace a previous export ` +
        'there, allow overwriting (--overwrite)',
    );
  }
  const listed = manifestFiles(outDir);
  if (typeof listed === 'string') {
    throw refuse(
      `${outDir} is not replaced: ${listed}. Overwriting replaces only the folder of a previous ` +
        'export; choose an empty or new folder',
    );
  }
  const extra = unlisted(outDir, listed);
  if (extra.length > 0) {
    const shown =
      extra.slice(0, 5).join(', ') + (extra.length > 5 ? `, ${extra.length - 5} more` : '');
    throw refuse(
      `${outDir} is not replaced: it holds files its export did not write (${shown}). Move ` +
        'them out, or choose an empty or new folder',
    );
  }
}
