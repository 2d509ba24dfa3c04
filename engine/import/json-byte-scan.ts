// Byte-level pieces of the abridged head's JSON scan (abridged-head.ts): a growable output, and
// skipping a string or a whole container fast, across chunk boundaries, without decoding it.

export const isSpace = (b: number): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/** Numbers and bare words (true, false, null, and the NaN / Infinity some writers emit). */
export const isLiteral = (b: number): boolean =>
  (b >= 0x30 && b <= 0x39) ||
  (b >= 0x41 && b <= 0x5a) ||
  (b >= 0x61 && b <= 0x7a) ||
  b === 0x2d ||
  b === 0x2b ||
  b === 0x2e;

export class OutputBuffer {
  private bytes = Buffer.alloc(1 << 16);
  length = 0;

  write(byte: number): void {
    if (this.length === this.bytes.length) {
      const bigger = Buffer.alloc(this.bytes.length * 2);
      this.bytes.copy(bigger);
      this.bytes = bigger;
    }
    this.bytes[this.length] = byte;
    this.length += 1;
  }

  writeText(text: string): void {
    for (const byte of Buffer.from(text, 'utf8')) this.write(byte);
  }

  /** Drops what was written after `length` bytes. */
  truncate(length: number): void {
    this.length = Math.min(this.length, length);
  }

  text(): string {
    return this.bytes.subarray(0, this.length).toString('utf8');
  }
}

/** Skips what is left of a string (its opening quote already read), chunk after chunk. */
export class StringSkip {
  private escaped = false;

  reset(): void {
    this.escaped = false;
  }

  /** The position just past the closing quote, or -1 when the string goes on after the chunk. */
  end(chunk: Buffer, from: number): number {
    let pos = from;
    while (pos < chunk.length) {
      if (this.escaped) {
        this.escaped = false;
        pos += 1;
        continue;
      }
      // From quote to quote: an odd run of backslashes before one escapes it.
      const quote = chunk.indexOf(0x22, pos);
      const end = quote < 0 ? chunk.length : quote;
      let run = 0;
      while (end - run - 1 >= pos && chunk[end - run - 1] === 0x5c) run += 1;
      if (quote < 0) {
        this.escaped = run % 2 === 1;
        return -1;
      }
      if (run % 2 === 0) return quote + 1;
      pos = quote + 1;
    }
    return -1;
  }
}

/** Skips nested values by counting brackets outside strings; nothing else matters there. */
export class ContainerSkip {
  private depth = 0;
  private inString = false;
  private readonly string = new StringSkip();

  /** Starts a skip `depth` containers deep, possibly just inside a string's opening quote. */
  reset(depth: number, inString: boolean): void {
    this.depth = depth;
    this.inString = inString;
    this.string.reset();
  }

  /** The position just past the bracket that closes the outermost one, or -1 (read on). */
  end(chunk: Buffer, from: number): number {
    let pos = from;
    while (pos < chunk.length) {
      if (this.inString) {
        const end = this.string.end(chunk, pos);
        if (end < 0) return -1;
        this.inString = false;
        pos = end;
        continue;
      }
      const b = chunk[pos] as number;
      pos += 1;
      if (b === 0x22) {
        this.inString = true;
      } else if (b === 0x7b || b === 0x5b) {
        this.depth += 1;
      } else if ((b === 0x7d || b === 0x5d) && --this.depth === 0) {
        return pos;
      }
    }
    return -1;
  }
}
