// An output folder that appears whole or not at all: files go into `<out>.tmp-<random>` beside
// it, which is renamed to `<out>` once complete; a failure or cancel removes the temporary folder.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { TurnwiseError } from '../../shared/result';
import { checkOutFolder } from './export-folder';

export interface PendingDir {
  /** Where files are written until commit. */
  tempDir: string;
  outDir: string;
  commit: () => void;
  abort: () => void;
}

/**
 * Starts an export into `out`. The folder is checked first (export-folder.ts): it may be replaced
 * only when `overwrite` is set and it holds a previous export, never when it holds the workspace.
 */
export function pendingDir(out: string, overwrite: boolean, workspaceFile: string): PendingDir {
  const outDir = path.resolve(out);
  checkOutFolder(outDir, overwrite, workspaceFile);
  const parent = path.dirname(outDir);
  try {
    mkdirSync(parent, { recursive: true });
  } catch (error) {
    throw new TurnwiseError('io', `cannot create ${parent}: ${(error as Error).message}`);
  }
  const tempDir = `${outDir}.tmp-${randomBytes(6).toString('hex')}`;
  mkdirSync(tempDir);
  return {
    tempDir,
    outDir,
    commit: () => {
      // Checked again: the folder may have changed while the export was written.
      checkOutFolder(outDir, overwrite, workspaceFile);
      // The old folder (empty, or replaced by overwrite) moves aside first, so at every moment
      // `<out>` is either the previous content or the complete new export.
      const old = existsSync(outDir) ? `${outDir}.old-${randomBytes(6).toString('hex')}` : null;
      if (old !== null) renameSync(outDir, old);
      try {
        renameSync(tempDir, outDir);
      } catch (error) {
        if (old !== null) renameSync(old, outDir);
        throw error;
      }
      if (old !== null) rmSync(old, { recursive: true, force: true });
    },
    abort: () => rmSync(tempDir, { recursive: true, force: true }),
  };
}
