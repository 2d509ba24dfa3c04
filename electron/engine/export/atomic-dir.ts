// An output folder that appears whole or not at all: files go into `<out>.tmp-<random>` beside
// it, which is renamed to `<out>` once complete; a failure or cancel removes the temporary folder.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { TurnwiseError } from '../../../shared/result';

export interface PendingDir {
  /** Where files are written until commit. */
  tempDir: string;
  outDir: string;
  commit: () => void;
  abort: () => void;
}

function isNonEmptyDir(dir: string): boolean {
  if (!existsSync(dir)) return false;
  if (!statSync(dir).isDirectory()) {
    throw new TurnwiseError('invalid_input', `${dir} exists and is not a folder`);
  }
  return readdirSync(dir).length > 0;
}

export function pendingDir(out: string, overwrite: boolean): PendingDir {
  const outDir = path.resolve(out);
  if (isNonEmptyDir(outDir) && !overwrite) {
    throw new TurnwiseError(
      'invalid_input',
      `${outDir} exists and is not empty; choose another folder or allow overwriting`,
    );
  }
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
