// Reads the frame headers of a zstd stream as it passes, so a frame that asks for a huge window is
// refused before fzstd allocates it: fzstd allocates each frame's whole window (up to 2 GB) before
// it decodes a byte, and a forged header costs 6 bytes. The limit is libzstd's own default for
// decoding (ZSTD_WINDOWLOG_LIMIT_DEFAULT, 2^27), which every zstd level up to 19 stays under.
// Frame layout: RFC 8878, section 3.1.
import { TurnwiseError } from '../../shared/result';

/** The largest window a frame may ask for: 128 MiB. */
export const MAX_ZSTD_WINDOW = 2 ** 27;

const ZSTD_MAGIC = 0xfd2fb528;
/** Skippable frames: 0x184D2A50 to 0x184D2A5F. */
const SKIPPABLE_MAGIC = 0x184d2a5;

type State = 'frame' | 'block';

export class ZstdFrameGuard {
  private state: State = 'frame';
  /** Bytes of a header that has not fully arrived yet. */
  private pending: Buffer = Buffer.alloc(0);
  /** Bytes still to pass without reading: a block's body, a checksum, a skippable frame. */
  private skip = 0;
  private checksum = false;

  constructor(private readonly where: string) {}

  /** Looks at the next bytes of the stream; throws when a frame asks for too large a window. */
  push(chunk: Uint8Array): void {
    // Only a header split across chunks is carried over; otherwise the chunk is read in place,
    // not copied (this runs on every chunk of a large file).
    let data =
      this.pending.length === 0
        ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        : Buffer.concat([this.pending, chunk]);
    for (;;) {
      if (this.skip > 0) {
        const passed = Math.min(this.skip, data.length);
        this.skip -= passed;
        data = data.subarray(passed);
      }
      if (data.length === 0) break;
      const used = this.state === 'frame' ? this.frameHeader(data) : this.blockHeader(data);
      if (used === 0) break; // the header has not fully arrived
      data = data.subarray(used);
    }
    this.pending = Buffer.from(data);
  }

  /** Reads a frame header; returns its length, or 0 until it is all there. */
  private frameHeader(data: Buffer): number {
    if (data.length < 8) return 0;
    const magic = data.readUInt32LE(0);
    if (magic >>> 4 === SKIPPABLE_MAGIC) {
      this.skip = data.readUInt32LE(4);
      return 8;
    }
    if (magic !== ZSTD_MAGIC) throw this.refused('it is not a zstd frame where one should start');
    const descriptor = data[4] ?? 0;
    const contentSizeFlag = descriptor >> 6;
    const singleSegment = (descriptor >> 5) & 1;
    const dictionaryFlag = descriptor & 3;
    const dictionaryBytes = dictionaryFlag === 3 ? 4 : dictionaryFlag;
    const contentBytes = contentSizeFlag === 0 ? singleSegment : 1 << contentSizeFlag;
    const length = 5 + (singleSegment ? 0 : 1) + dictionaryBytes + contentBytes;
    if (data.length < length) return 0;
    const window = singleSegment
      ? contentSize(data, length - contentBytes, contentBytes)
      : windowSize(data[5] ?? 0);
    if (window > MAX_ZSTD_WINDOW) {
      throw this.refused(
        `a frame asks for a ${mb(window)} window, more than the ${mb(MAX_ZSTD_WINDOW)} ` +
          'Turnwise decodes',
      );
    }
    this.checksum = ((descriptor >> 2) & 1) === 1;
    this.state = 'block';
    return length;
  }

  /** Reads a block header and passes over its body; the last block ends the frame. */
  private blockHeader(data: Buffer): number {
    if (data.length < 3) return 0;
    const header = data.readUIntLE(0, 3);
    const last = header & 1;
    const type = (header >> 1) & 3;
    if (type === 3) throw this.refused('a block has the reserved type');
    this.skip = type === 1 ? 1 : header >>> 3; // an RLE block stores one byte
    if (last === 1) {
      this.skip += this.checksum ? 4 : 0;
      this.state = 'frame';
    }
    return 3;
  }

  private refused(reason: string): TurnwiseError {
    return new TurnwiseError(
      'invalid_input',
      `${this.where}: ${reason} (a damaged or forged file); nothing was imported`,
    );
  }
}

/** Window_Descriptor: an exponent (top 5 bits) and an eighth-step mantissa (low 3). */
function windowSize(descriptor: number): number {
  const base = 2 ** (10 + (descriptor >> 3));
  return base + (base / 8) * (descriptor & 7);
}

function contentSize(data: Buffer, at: number, bytes: number): number {
  if (bytes === 1) return data[at] ?? 0;
  if (bytes === 2) return data.readUInt16LE(at) + 256;
  if (bytes === 4) return data.readUInt32LE(at);
  return Number(data.readBigUInt64LE(at));
}

function mb(bytes: number): string {
  return `${Math.round(bytes / 2 ** 20)} MB`;
}
