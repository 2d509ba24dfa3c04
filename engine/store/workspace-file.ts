// Before DuckDB opens a path: it must be a regular file that starts as a DuckDB database does
// (or not exist yet, or be empty, for a new workspace). DuckDB would otherwise try its readers
// for other formats (a SQLite file made it reach for the sqlite extension) or block on a FIFO.
import { closeSync, openSync, readSync, statSync } from 'node:fs';

/** DuckDB's main header: a checksum, then the magic bytes. */
const MAGIC = Buffer.from('DUCK');
const MAGIC_OFFSET = 8;
const SQLITE = Buffer.from('SQLite format 3\0');

/** Why the path cannot be a workspace, or null when DuckDB may open it. */
export function notDuckDbProblem(file: string): string | null {
  let size: number;
  try {
    const stat = statSync(file);
    if (stat.isDirectory()) return 'it is a folder';
    if (!stat.isFile()) return 'it is not a regular file';
    size = stat.size;
  } catch {
    return null; // not there yet: a new workspace
  }
  if (size === 0) return null;
  const head = Buffer.alloc(SQLITE.length);
  const fd = openSync(file, 'r');
  let read: number;
  try {
    read = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (read >= SQLITE.length && head.equals(SQLITE)) return 'it is a SQLite database';
  const magic = head.subarray(MAGIC_OFFSET, MAGIC_OFFSET + MAGIC.length);
  return read >= MAGIC_OFFSET + MAGIC.length && magic.equals(MAGIC)
    ? null
    : "its first bytes are not a DuckDB database's";
}
