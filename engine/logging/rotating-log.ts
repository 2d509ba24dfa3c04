// A size-rotated log file: `name` is the newest, `name.1` the one before, up to `name.<files-1>`.
// Appends are synchronous, so a line is on disk before a crash can lose it. Logging must never
// break the app: on any failure (disk full, folder not writable) it stops and says so once.
import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { lineLogger, type Logger } from './logger';

export interface RotatingLogOptions {
  /** A file is rotated before a line would take it past this size. */
  maxBytes?: number;
  /** How many files are kept, the current one included. */
  files?: number;
  /** Where the one notice that logging stopped goes (stderr by default). */
  warn?: (message: string) => void;
}

const DEFAULT_MAX_BYTES = 5 * 2 ** 20;
const DEFAULT_FILES = 5;

function toStderr(message: string): void {
  try {
    process.stderr.write(message);
  } catch {
    // Nowhere left to say it.
  }
}

export class RotatingLog {
  private readonly maxBytes: number;
  private readonly files: number;
  private readonly warn: (message: string) => void;
  /** The current file's size; null until the first write looks at it. */
  private size: number | null = null;
  private stoppedBy: string | null = null;

  constructor(
    readonly file: string,
    options: RotatingLogOptions = {},
  ) {
    this.maxBytes = Math.max(1, options.maxBytes ?? DEFAULT_MAX_BYTES);
    this.files = Math.max(1, Math.floor(options.files ?? DEFAULT_FILES));
    this.warn = options.warn ?? toStderr;
  }

  /** Why logging stopped, or null while it goes on. */
  get stopped(): string | null {
    return this.stoppedBy;
  }

  write(line: string): void {
    if (this.stoppedBy !== null) return;
    try {
      const text = `${line}\n`;
      const bytes = Buffer.byteLength(text);
      this.size ??= this.currentSize();
      if (this.size > 0 && this.size + bytes > this.maxBytes) {
        this.rotate();
        this.size = 0;
      }
      appendFileSync(this.file, text);
      this.size += bytes;
    } catch (error) {
      this.stop(error);
    }
  }

  private currentSize(): number {
    mkdirSync(path.dirname(this.file), { recursive: true });
    return existsSync(this.file) ? statSync(this.file).size : 0;
  }

  /** Shifts name.(k) to name.(k+1), dropping the oldest, and name to name.1. */
  private rotate(): void {
    for (let k = this.files - 1; k >= 1; k -= 1) {
      const from = k === 1 ? this.file : `${this.file}.${k - 1}`;
      if (existsSync(from)) renameSync(from, `${this.file}.${k}`);
    }
    if (this.files === 1) rmSync(this.file, { force: true });
  }

  private stop(error: unknown): void {
    this.stoppedBy = error instanceof Error ? error.message : String(error);
    this.warn(`turnwise: logging to ${this.file} stopped: ${this.stoppedBy}\n`);
  }
}

/** A logger writing to a rotating file. */
export function fileLogger(file: string, options?: RotatingLogOptions): Logger {
  const sink = new RotatingLog(file, options);
  return lineLogger((line) => sink.write(line));
}
