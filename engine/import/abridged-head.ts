// A detection head that depends neither on key order nor on a file's first megabytes: a streaming
// scan of a JSON (or JSON lines) file that keeps every top-level key of its first records and
// shortens what is long (strings, and nested containers past a byte budget). A record whose first
// 10 MB are metadata before `messages` then shows its `messages` to the readers' detect(), in the
// file's key order. The output is compact valid JSON (one value per line for JSON lines), whatever
// was cut; nothing of the file is held but the output.
import { createReadStream } from 'node:fs';
import { decompressed } from './decompress';
import { ContainerSkip, isLiteral, isSpace, OutputBuffer, StringSkip } from './json-byte-scan';

/** At most this much of the (decompressed) file is scanned. */
export const ABRIDGE_INPUT_BYTES = 256 << 20;
/** Past this, the scan stops at the next record boundary and budgets shrink. */
const HEAD_BYTES = 1 << 20;
/** Never longer than this: the scan stops and closes what is open. */
const HARD_BYTES = 8 << 20;
const MAX_RECORDS = 8;
/** Kept bytes of a string, and of a container that is not a record: early, then late. */
const STRING_KEEP = [4096, 256] as const;
const CONTAINER_KEEP = [32_768, 1024] as const;
const MAX_DEPTH = 1000;
const MAX_LITERAL = 256;
const STRICT_LITERAL = /^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)$/;

const enum State {
  Value,
  Key,
  Colon,
  After,
  String,
  Literal,
  /** Inside what is left out: only brackets and strings matter. */
  Skip,
}

interface Frame {
  object: boolean;
  /** A record: every member is kept (values are still shortened). */
  keepAll: boolean;
  start: number;
  members: number;
  /** A key or a comma is written but not yet the value after it. */
  needValue: boolean;
}

export class JsonAbridger {
  private readonly out = new OutputBuffer();
  private readonly stack: Frame[] = [];
  private state = State.After;
  private started = false;
  private records = 0;
  private str = { key: false, kept: 0, keep: 0, escape: 0, escapeAt: 0, copying: true };
  private readonly stringSkip = new StringSkip();
  private readonly containerSkip = new ContainerSkip();
  private literal = '';
  /** Set when the scan has what it needs, or the input is not JSON. */
  done = false;
  /** False when the input does not start like JSON. */
  json = true;

  /** Feeds the next chunk; returns false once no more input is wanted. */
  push(chunk: Buffer): boolean {
    let pos = this.started ? 0 : this.start(chunk);
    while (pos < chunk.length && !this.done) pos = this.step(chunk, pos);
    return !this.done;
  }

  /** The abridged text, with whatever is still open closed; null if the input was not JSON. */
  finish(): string | null {
    if (!this.json || this.out.length === 0) return null;
    this.closeOpen();
    return this.out.text();
  }

  private start(chunk: Buffer): number {
    let pos = chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? 3 : 0;
    while (pos < chunk.length && isSpace(chunk[pos] as number)) pos += 1;
    if (pos >= chunk.length) return pos;
    this.started = true;
    if (chunk[pos] !== 0x7b && chunk[pos] !== 0x5b) {
      this.json = false;
      this.done = true;
    }
    return pos;
  }

  private late(): 0 | 1 {
    return this.out.length < HEAD_BYTES ? 0 : 1;
  }

  private top(): Frame | undefined {
    return this.stack[this.stack.length - 1];
  }

  private step(chunk: Buffer, pos: number): number {
    const b = chunk[pos] as number;
    switch (this.state) {
      case State.String:
        return this.stringBytes(chunk, pos);
      case State.Skip: {
        const end = this.containerSkip.end(chunk, pos);
        if (end < 0) return chunk.length;
        // The skip ran to the end of the top container, whose closer is still written.
        this.close();
        return end;
      }
      case State.Literal:
        if (!isLiteral(b)) {
          this.endLiteral();
          return pos;
        }
        if (this.literal.length <= MAX_LITERAL) this.literal += String.fromCharCode(b);
        return pos + 1;
      case State.Value:
        if (isSpace(b)) return pos + 1;
        if (b === 0x5d && this.top()?.object === false) this.close();
        else this.beginValue(b);
        return pos + 1;
      case State.Key:
        if (isSpace(b)) return pos + 1;
        if (b === 0x7d) this.close();
        else if (b === 0x22) this.beginKey();
        else this.done = true;
        return pos + 1;
      case State.Colon:
        if (isSpace(b)) return pos + 1;
        if (b !== 0x3a) {
          this.done = true;
          return pos;
        }
        this.out.write(0x3a);
        (this.top() as Frame).needValue = true;
        this.state = State.Value;
        return pos + 1;
      case State.After:
        return this.after(b, pos);
    }
  }

  /**
   * Whether the member starting now in the top container is kept (writing its comma if so). A
   * container past its budget is skipped from here to its end.
   */
  private beginMember(b: number): boolean {
    const frame = this.top();
    if (frame === undefined) return true;
    if (!frame.keepAll && frame.members > 0 && this.out.length - frame.start > this.budget()) {
      const opensContainer = b === 0x7b || b === 0x5b;
      this.containerSkip.reset(opensContainer ? 2 : 1, b === 0x22);
      this.state = State.Skip;
      return false;
    }
    frame.members += 1;
    if (frame.members > 1) this.out.write(0x2c);
    return true;
  }

  private budget(): number {
    return CONTAINER_KEEP[this.late()];
  }

  private beginValue(b: number): void {
    const frame = this.top();
    if (frame?.object) frame.needValue = false;
    else if (frame !== undefined && !this.beginMember(b)) return;
    if (b === 0x7b || b === 0x5b) {
      if (this.stack.length >= MAX_DEPTH) {
        this.stopBeforeValue();
        return;
      }
      const object = b === 0x7b;
      // A record: the top-level object, or an element of a top-level list.
      const keepAll = object && (frame === undefined || (this.stack.length === 1 && !frame.object));
      this.stack.push({ object, keepAll, start: this.out.length, members: 0, needValue: false });
      this.out.write(b);
      this.state = object ? State.Key : State.Value;
    } else if (b === 0x22) {
      this.openString(false);
    } else if (isLiteral(b)) {
      this.literal = String.fromCharCode(b);
      this.state = State.Literal;
    } else {
      this.stopBeforeValue();
    }
  }

  /** Stops where a value was due (after a key, or a comma): the closing pass writes null. */
  private stopBeforeValue(): void {
    const frame = this.top();
    if (frame !== undefined) frame.needValue = true;
    this.state = State.After;
    this.done = true;
  }

  private beginKey(): void {
    if (this.beginMember(0x22)) this.openString(true);
  }

  private openString(key: boolean): void {
    this.out.write(0x22);
    this.str = {
      key,
      kept: 0,
      keep: STRING_KEEP[this.late()],
      escape: 0,
      escapeAt: 0,
      copying: true,
    };
    this.stringSkip.reset();
    this.state = State.String;
  }

  private stringBytes(chunk: Buffer, from: number): number {
    let pos = from;
    const str = this.str;
    while (str.copying && pos < chunk.length) {
      const b = chunk[pos] as number;
      if (str.escape !== 0) {
        this.out.write(b);
        // -1: the byte after a backslash; then the 4 hex digits of \u.
        str.escape = str.escape === -1 ? (b === 0x75 ? 4 : 0) : str.escape - 1;
        pos += 1;
        continue;
      }
      if (b === 0x22) return this.endString(pos + 1);
      // Cut only between characters, never inside an escape or a UTF-8 sequence.
      if (str.kept >= str.keep && (b & 0xc0) !== 0x80) {
        str.copying = false;
        break;
      }
      this.out.write(b);
      str.kept += 1;
      if (b === 0x5c) {
        str.escape = -1;
        str.escapeAt = this.out.length - 1;
      }
      pos += 1;
    }
    if (str.copying) return pos;
    const end = this.stringSkip.end(chunk, pos);
    return end < 0 ? chunk.length : this.endString(end);
  }

  private endString(pos: number): number {
    this.out.write(0x22);
    if (this.str.key) this.state = State.Colon;
    else this.valueDone();
    return pos;
  }

  private endLiteral(): void {
    this.out.writeText(this.literal.length > MAX_LITERAL ? 'null' : this.literal);
    this.valueDone();
  }

  private close(): void {
    const frame = this.stack.pop() as Frame;
    this.out.write(frame.object ? 0x7d : 0x5d);
    this.valueDone();
  }

  private valueDone(): void {
    this.state = State.After;
    if (this.out.length > HARD_BYTES) this.done = true;
    if (this.stack.length > 0) return;
    this.out.write(0x0a);
    this.records += 1;
    if (this.records >= MAX_RECORDS || this.out.length >= HEAD_BYTES) this.done = true;
  }

  private after(b: number, pos: number): number {
    if (isSpace(b)) return pos + 1;
    const frame = this.top();
    if (frame === undefined) {
      // JSON lines: the next record.
      this.beginValue(b);
      return pos + 1;
    }
    if (b === 0x2c) {
      const rootList = this.stack.length === 1 && !frame.object;
      if (rootList && (frame.members >= MAX_RECORDS || this.out.length >= HEAD_BYTES)) {
        this.done = true;
        return pos;
      }
      this.state = frame.object ? State.Key : State.Value;
      return pos + 1;
    }
    if (b === (frame.object ? 0x7d : 0x5d)) {
      this.close();
      return pos + 1;
    }
    this.done = true;
    return pos;
  }

  /** Completes what a stop left open, so the head still parses. */
  private closeOpen(): void {
    if (this.state === State.String) {
      // A cut inside an escape drops the escape's first bytes.
      if (this.str.escape !== 0) this.out.truncate(this.str.escapeAt);
      this.out.write(0x22);
      if (this.str.key) this.out.writeText(':null');
    } else if (this.state === State.Literal) {
      this.out.writeText(STRICT_LITERAL.test(this.literal) ? this.literal : 'null');
    } else if (this.state === State.Colon) {
      this.out.writeText(':null');
    }
    while (this.stack.length > 0) {
      const open = this.stack.pop() as Frame;
      if (open.needValue) this.out.writeText('null');
      this.out.write(open.object ? 0x7d : 0x5d);
    }
  }
}

/**
 * The abridged head of a JSON or JSON lines file (decompressed), or null when the file does not
 * start like JSON. Reads until the first records are complete, or `inputBytes`.
 */
export async function abridgedHead(
  file: string,
  inputBytes = ABRIDGE_INPUT_BYTES,
): Promise<string | null> {
  const abridger = new JsonAbridger();
  const stream = decompressed(file, createReadStream(file, { highWaterMark: 1 << 20 }));
  let read = 0;
  try {
    for await (const chunk of stream) {
      read += (chunk as Buffer).length;
      if (!abridger.push(chunk as Buffer) || read >= inputBytes) break;
    }
  } catch {
    // A corrupt or cut compressed stream: abridge what was decoded.
  } finally {
    stream.destroy();
  }
  return abridger.finish();
}
