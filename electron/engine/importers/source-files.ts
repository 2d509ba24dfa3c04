// Resolves import paths (files and folders) and fingerprints their content.
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { TurnwiseError } from '../../../shared/result';
import { fileChunks } from './file-chunks';

export interface SourceFile {
  path: string;
  bytes: number;
  /** Found inside a folder that was given, rather than named itself (a stray file is skipped). */
  inFolder?: boolean;
}

/** Files in the order given; a folder contributes its files (recursively, sorted by name). */
export async function resolveSourceFiles(paths: string[]): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  for (const given of paths) {
    const absolute = path.resolve(given);
    const info = await stat(absolute).catch(() => {
      throw new TurnwiseError('not_found', `${given}: no such file or folder`);
    });
    if (info.isDirectory()) {
      const entries = await readdir(absolute, { recursive: true, withFileTypes: true });
      const inner = entries
        .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
        .map((entry) => path.join(entry.parentPath, entry.name))
        .sort();
      for (const file of inner) {
        files.push({ path: file, bytes: (await stat(file)).size, inFolder: true });
      }
    } else {
      files.push({ path: absolute, bytes: info.size });
    }
  }
  if (files.length === 0)
    throw new TurnwiseError('invalid_input', `${paths.join(', ')}: no files to import`);
  // A file named and also inside a named folder is read once.
  const seen = new Set<string>();
  return files.filter((file) => !seen.has(file.path) && seen.add(file.path));
}

/**
 * sha256 over the files' bytes in order, each preceded by its length, so splits are unambiguous.
 * Read through one reused buffer (file-chunks.ts): a read stream's fresh buffers cost four times
 * as long on the bench machines.
 */
export async function contentSha256(
  files: SourceFile[],
  onBytes: (bytes: number) => void,
  signal: AbortSignal,
): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file.bytes}\n`);
    for await (const chunk of fileChunks(file.path, onBytes)) {
      if (signal.aborted) throw new TurnwiseError('cancelled', 'import cancelled');
      hash.update(chunk);
    }
  }
  return hash.digest('hex');
}
