// Browser mode's drag-and-drop: a page cannot learn a dropped file's path, so the file's bytes are
// streamed to a private folder on this machine and that path is imported like any other.
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { TurnwiseError } from '../shared/result';

export const UPLOAD_ROOT = path.join(tmpdir(), 'turnwise-uploads');

/** A safe file name: the last path segment, no control characters, never empty or a dot name. */
export function safeUploadName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  if (clean === '' || clean === '.' || clean === '..') {
    throw new TurnwiseError('bad_request', 'the upload needs a file name');
  }
  return clean.slice(0, 200);
}

/** Streams the request body into a new folder; returns the file's path. */
export async function receiveUpload(
  request: IncomingMessage,
  rawName: string,
  root = UPLOAD_ROOT,
): Promise<string> {
  const name = safeUploadName(rawName);
  const folder = path.join(root, randomUUID());
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const file = path.join(folder, name);
  await pipeline(request, createWriteStream(file, { mode: 0o600 }));
  return file;
}
