// A small promise wrapper over yauzl: list a zip's entries from its central directory, then read
// the entries one at a time (never the whole archive in memory), each within the import caps.
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { TurnwiseError } from '../../../shared/result';
import type { ReadProgress } from '../../chat/canonical';
import { createZstdDecompressor } from '../decompress';
import { importLimits, overLimit, sizeText } from '../input-limits';

/** Zip compression methods: yauzl reads stored (0) and deflate (8); zstd (93) is decoded here. */
const STORED = 0;
const DEFLATE = 8;
const ZSTD = 93;

export interface ZipArchive {
  /** The archive's path, for messages. */
  file: string;
  entries: Entry[];
  /**
   * The text of one entry (UTF-8); counts its compressed bytes into the progress. An entry over
   * the caps, or inflating to other than its declared size, fails with `invalid_input`.
   */
  readText(entry: Entry, progress?: ReadProgress): Promise<string>;
  close(): void;
}

function openZipFile(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // Entry sizes are checked as the entry is read (readEntryText), in words that name it.
    const options = { lazyEntries: true, autoClose: false, validateEntrySizes: false };
    yauzl.open(file, options, (error, zip) => {
      if (error) reject(error);
      else resolve(zip);
    });
  });
}

function listEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

/**
 * The text of one entry, streamed into a buffer of its declared size: the declared size is
 * checked against the caps before anything is inflated, and the bytes that arrive against the
 * declared size, so a lying archive is refused rather than grown into.
 */
async function readEntryText(zip: ZipFile, file: string, entry: Entry): Promise<string> {
  const where = `${file}: ${entry.fileName}`;
  const declared = entry.uncompressedSize;
  const { documentBytes, inflateRatio, ratioFloorBytes } = importLimits();
  if (declared > documentBytes) {
    const what =
      `the entry declares ${sizeText(declared)}, over the cap on one JSON document ` +
      `(${sizeText(documentBytes)})`;
    throw overLimit(where, what, 'documentBytes');
  }
  if (declared > ratioFloorBytes && declared > inflateRatio * entry.compressedSize) {
    const what =
      `the entry declares ${sizeText(declared)} from ${sizeText(entry.compressedSize)}, more ` +
      `than ${inflateRatio} times its compressed size (a decompression bomb?)`;
    throw overLimit(where, what, 'inflateRatio');
  }
  const text = Buffer.allocUnsafe(declared);
  let size = 0;
  try {
    for await (const chunk of await entryStream(zip, where, entry)) {
      const bytes = chunk as Buffer;
      if (size + bytes.length > declared) throw sizeMismatch(where, declared, 'more');
      bytes.copy(text, size);
      size += bytes.length;
    }
  } catch (error) {
    if (error instanceof TurnwiseError) throw error;
    throw new TurnwiseError(
      'invalid_input',
      `${where}: cannot be inflated (${(error as Error).message})`,
    );
  }
  if (size < declared) throw sizeMismatch(where, declared, 'fewer');
  return text.toString('utf8', 0, size);
}

/**
 * The inflated bytes of one entry. Inspect writes zstd entries since 2026 (one or more frames
 * each): their raw bytes go through fzstd, stopped as soon as the output passes the declared size
 * (fzstd emits a whole frame without waiting for the reader).
 */
async function entryStream(zip: ZipFile, where: string, entry: Entry): Promise<Readable> {
  const method = entry.compressionMethod;
  if (method === STORED || method === DEFLATE) return zip.openReadStreamPromise(entry);
  if (method !== ZSTD) {
    throw new TurnwiseError(
      'invalid_input',
      `${where}: compression method ${method} is not supported (stored, deflate and zstd are)`,
    );
  }
  const declared = entry.uncompressedSize;
  let inflated = 0;
  const zstd = createZstdDecompressor(
    {
      compressed: () => undefined,
      add(bytes) {
        inflated += bytes;
        if (inflated > declared) throw sizeMismatch(where, declared, 'more');
      },
    },
    where,
  );
  const raw = await zip.openReadStreamPromise(entry, { decodeFileData: false });
  raw.on('error', (error) => zstd.destroy(error));
  zstd.on('close', () => raw.destroy());
  return raw.pipe(zstd);
}

function sizeMismatch(where: string, declared: number, more: 'more' | 'fewer'): TurnwiseError {
  return new TurnwiseError(
    'invalid_input',
    `${where}: the entry inflates to ${more} bytes than the ${declared} its archive declares ` +
      '(a damaged or forged archive); nothing was imported',
  );
}

/**
 * Opens a zip archive. Rejects with yauzl's error when the file is not a zip (callers turn that
 * into an error item: a wrong file is a bad record, not an I/O failure).
 */
export async function openZip(file: string): Promise<ZipArchive> {
  const zip = await openZipFile(file);
  let entries: Entry[];
  try {
    entries = await listEntries(zip);
  } catch (error) {
    zip.close();
    throw error;
  }
  return {
    file,
    entries,
    async readText(entry, progress) {
      const text = await readEntryText(zip, file, entry);
      if (progress) progress.bytesRead += entry.compressedSize;
      return text;
    },
    close: () => zip.close(),
  };
}
