// Browser mode's drag-and-drop: a page cannot learn a dropped file's path, so the file's bytes are
// streamed to a private folder on this machine and that path is imported like any other. The
// store bounds what a page can leave there (size per file, files kept at once), removes a file
// once its import has ended, and removes everything it made when the server closes.
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TurnwiseError } from '../shared/result';

export const UPLOAD_ROOT = path.join(tmpdir(), 'turnwise-uploads');

export interface UploadLimits {
  /** Bytes one upload may have; `turnwise serve --max-upload-mb` sets it. */
  maxBytes: number;
  /** Uploads kept at once (not yet imported or released). */
  maxCount: number;
}

/** A dropped folder of a few hundred logs fits; a page looping on uploads does not fill the disk. */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { maxBytes: 4 * 2 ** 30, maxCount: 1000 };

/** File names longer than most file systems allow are refused, not cut. */
const MAX_NAME_LENGTH = 255;

/** A refusal with the HTTP status it answers with. */
export class UploadError extends TurnwiseError {
  constructor(
    readonly status: number,
    code: 'bad_request' | 'io',
    message: string,
  ) {
    super(code, message);
  }
}

/** A safe file name: the last path segment, no control characters, never empty or a dot name. */
export function safeUploadName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  if (clean === '' || clean === '.' || clean === '..') {
    throw new UploadError(400, 'bad_request', 'the upload needs a file name');
  }
  if (Buffer.byteLength(clean) > MAX_NAME_LENGTH) {
    throw new UploadError(
      400,
      'bad_request',
      `the file name is ${Buffer.byteLength(clean)} bytes long; at most ${MAX_NAME_LENGTH} are allowed`,
    );
  }
  return clean;
}

function megabytes(bytes: number): string {
  return bytes < 2 ** 20 ? `${bytes} bytes` : `${Math.round(bytes / 2 ** 20)} MB`;
}

/** Counts bytes on the way through and fails the stream past the limit. */
function byteLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) {
        done(new UploadError(413, 'bad_request', `the upload is over ${megabytes(maxBytes)}`));
      } else done(null, chunk);
    },
  });
}

export class UploadStore {
  private readonly folders = new Set<string>();
  /** This server's own folder under the shared root, so clear() never touches another's uploads. */
  readonly root: string;

  constructor(
    sharedRoot: string = UPLOAD_ROOT,
    readonly limits: UploadLimits = DEFAULT_UPLOAD_LIMITS,
    /** Opens the file an upload is written to; tests pass /dev/full for a full disk. */
    private readonly openFile: (file: string) => Writable = (file) =>
      createWriteStream(file, { mode: 0o600 }),
  ) {
    this.root = path.join(sharedRoot, `server-${randomUUID()}`);
  }

  /** Streams the request body into a new folder; returns the file's path. */
  async receive(request: IncomingMessage, rawName: string): Promise<string> {
    const name = safeUploadName(rawName);
    if (this.folders.size >= this.limits.maxCount) {
      throw new UploadError(
        429,
        'bad_request',
        `${this.folders.size} uploads are waiting to be imported (at most ${this.limits.maxCount}); import or remove them first`,
      );
    }
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > this.limits.maxBytes) {
      throw new UploadError(
        413,
        'bad_request',
        `the upload is over ${megabytes(this.limits.maxBytes)}`,
      );
    }
    const folder = path.join(this.root, randomUUID());
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    this.folders.add(folder);
    const file = path.join(folder, name);
    try {
      await pipeline(request, byteLimit(this.limits.maxBytes), this.openFile(file));
    } catch (error) {
      this.removeFolder(folder);
      if (error instanceof UploadError) throw error;
      if ((error as NodeJS.ErrnoException).code === 'ENOSPC') {
        throw new UploadError(507, 'io', `disk full: ${this.root} has no room for ${name}`);
      }
      throw new UploadError(
        400,
        'bad_request',
        `the upload did not arrive whole (${String(error)})`,
      );
    }
    return file;
  }

  /** Whether a path is a file this store received (so its folder may be removed). */
  owns(file: string): boolean {
    return this.folders.has(path.dirname(path.resolve(file)));
  }

  /** Removes the uploads among these paths, e.g. once the import that read them has ended. */
  release(files: readonly string[]): void {
    for (const file of files) {
      if (this.owns(file)) this.removeFolder(path.dirname(path.resolve(file)));
    }
  }

  /** Removes every upload this store made (the server is closing). */
  clear(): void {
    for (const folder of [...this.folders]) this.removeFolder(folder);
    rmSync(this.root, { recursive: true, force: true });
  }

  get count(): number {
    return this.folders.size;
  }

  private removeFolder(folder: string): void {
    rmSync(folder, { recursive: true, force: true });
    this.folders.delete(folder);
  }
}
