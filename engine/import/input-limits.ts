// The caps that keep a hostile import file from ballooning (docs/security.md, "Imports that
// cannot balloon"). Each is far above what real trajectory data holds, and each can be raised
// through its environment variable, read at every use so reading threads and tests see it too.
import { TurnwiseError } from '../../shared/result';

const MB = 1 << 20;
const GB = 1 << 30;

export interface ImportLimits {
  /** Bytes of one line of a JSON lines file. */
  lineBytes: number;
  /** Bytes of one JSON document read whole: a .json file, or one entry of a zip archive. */
  documentBytes: number;
  /** Bytes a .gz or .zst file may decompress to in all. */
  inflatedBytes: number;
  /** How many times its compressed size a stream may grow, once past `ratioFloorBytes`. */
  inflateRatio: number;
  ratioFloorBytes: number;
}

interface LimitSpec {
  key: keyof ImportLimits;
  env: string;
  unit: number;
  fallback: number;
}

// A record of a real rollout is a few MB even with token log-probs; 256 MB is far above it. A
// whole document stops at 500 MB, just under the longest string V8 can hold (512 MB). gzip cannot
// expand more than about 1,030 times, and real JSON compresses 5-50 times even with zstd.
const SPECS: LimitSpec[] = [
  { key: 'lineBytes', env: 'TURNWISE_IMPORT_MAX_LINE_MB', unit: MB, fallback: 256 },
  { key: 'documentBytes', env: 'TURNWISE_IMPORT_MAX_DOCUMENT_MB', unit: MB, fallback: 500 },
  { key: 'inflatedBytes', env: 'TURNWISE_IMPORT_MAX_INFLATED_GB', unit: GB, fallback: 128 },
  { key: 'inflateRatio', env: 'TURNWISE_IMPORT_MAX_RATIO', unit: 1, fallback: 1000 },
  { key: 'ratioFloorBytes', env: 'TURNWISE_IMPORT_RATIO_FLOOR_MB', unit: MB, fallback: 64 },
];

/** The caps in force: each variable's value when it is a positive number, else its default. */
export function importLimits(): ImportLimits {
  const limits = {} as ImportLimits;
  for (const { key, env, unit, fallback } of SPECS) {
    const configured = Number(process.env[env]);
    const value = process.env[env] !== undefined && configured > 0 ? configured : fallback;
    limits[key] = Math.floor(value * unit);
  }
  return limits;
}

/** The variable that raises a cap, for the refusal to name. */
export function limitVariable(key: keyof ImportLimits): string {
  return SPECS.find((spec) => spec.key === key)?.env ?? '';
}

/** A size in words: "512 MB", "1.5 GB", "300 bytes". */
export function sizeText(bytes: number): string {
  if (bytes >= GB) return `${Number((bytes / GB).toFixed(1))} GB`;
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} kB`;
  return `${bytes} bytes`;
}

/** The refusal of input over a cap: names where, what, the cap and how to raise it. */
export function overLimit(where: string, what: string, key: keyof ImportLimits): TurnwiseError {
  return new TurnwiseError(
    'invalid_input',
    `${where}: ${what}; nothing was imported (raise the cap with ${limitVariable(key)} ` +
      `if the file is trusted)`,
    { limit: limitVariable(key) },
  );
}

/**
 * Counts a decompressed stream's bytes against the inflation caps; `add` throws the refusal once
 * the output passes the total cap, or grows past the ratio of the input read so far.
 */
export class InflationMeter {
  private inBytes = 0;
  private outBytes = 0;
  private readonly limits = importLimits();

  constructor(private readonly where: string) {}

  compressed(bytes: number): void {
    this.inBytes += bytes;
  }

  add(bytes: number): void {
    this.outBytes += bytes;
    const { inflatedBytes, inflateRatio, ratioFloorBytes } = this.limits;
    if (this.outBytes > inflatedBytes) {
      const what = `decompresses to more than ${sizeText(inflatedBytes)} (a decompression bomb?)`;
      throw overLimit(this.where, what, 'inflatedBytes');
    }
    if (this.outBytes > ratioFloorBytes && this.outBytes > inflateRatio * this.inBytes) {
      const what =
        `${sizeText(this.inBytes)} decompress to more than ${inflateRatio} times their size ` +
        `(${sizeText(this.outBytes)} so far: a decompression bomb?)`;
      throw overLimit(this.where, what, 'inflateRatio');
    }
  }
}
