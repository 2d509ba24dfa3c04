// Resolves import paths (files and folders) and fingerprints their content.
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { TurnwiseError } from '../../shared/result';
import { fileChunks } from './file-chunks';

export interface SourceFile {
  path: string;
  bytes: number;
  /** Found inside a folder that was given, rather than named itself (a stray file is skipped). */
  inFolder?: boolean;
}

/** What a path that is neither a regular file nor a folder is, in words; null for those two. */
export function specialKind(info: {
  isFile(): boolean;
  isDirectory(): boolean;
  isFIFO(): boolean;
  isSocket(): boolean;
}): string | null {
  if (info.isFile() || info.isDirectory()) return null;
  if (info.isFIFO()) return 'a named pipe (FIFO)';
  if (info.isSocket()) return 'a socket';
  return 'a device or other special file';
}

/** Why a special file is not read: reading a pipe or a device can wait forever or never end. */
export function specialReason(kind: string): string {
  return `${kind}, not a regular file: not read, since it could wait forever or never end`;
}

/**
 * Files in the order given; a folder contributes its files (recursively, sorted by name). A
 * special file (pipe, socket, device) named directly is refused; one inside a folder is left out
 * and handed to `onSpecial`, so the import can list it.
 */
export async function resolveSourceFiles(
  paths: string[],
  onSpecial?: (file: string, reason: string) => void,
): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  const specials: string[] = [];
  for (const given of paths) {
    const absolute = path.resolve(given);
    const info = await stat(absolute).catch(() => {
      throw new TurnwiseError('not_found', `${given}: no such file or folder`);
    });
    const kind = specialKind(info);
    if (kind !== null) {
      throw new TurnwiseError('invalid_input', `${given}: is ${specialReason(kind)}`);
    }
    if (info.isDirectory()) {
      const entries = await readdir(absolute, { recursive: true, withFileTypes: true });
      const inner: string[] = [];
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue;
        const file = path.join(entry.parentPath, entry.name);
        if (entry.isFile()) inner.push(file);
        const special = specialKind(entry);
        if (special === null || entry.isSymbolicLink()) continue;
        specials.push(`${entry.name}: ${special}`);
        onSpecial?.(file, specialReason(special));
      }
      for (const file of inner.sort()) {
        files.push({ path: file, bytes: (await stat(file)).size, inFolder: true });
      }
    } else {
      files.push({ path: absolute, bytes: info.size });
    }
  }
  if (files.length === 0) {
    const left = specials.length > 0 ? ` (left out: ${specials.slice(0, 5).join('; ')})` : '';
    throw new TurnwiseError('invalid_input', `${paths.join(', ')}: no files to import${left}`);
  }
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
