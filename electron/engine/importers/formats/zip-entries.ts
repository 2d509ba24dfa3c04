// A small promise wrapper over yauzl: list a zip's entries from its central directory, then read
// the entries one at a time (never the whole archive in memory).
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { ReadProgress } from '../canonical';

export interface ZipArchive {
  entries: Entry[];
  /** The text of one entry (UTF-8); counts its compressed bytes into the progress. */
  readText(entry: Entry, progress?: ReadProgress): Promise<string>;
  close(): void;
}

function openZipFile(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) => {
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

async function readEntryText(zip: ZipFile, entry: Entry): Promise<string> {
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
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
    entries,
    async readText(entry, progress) {
      const text = await readEntryText(zip, entry);
      if (progress) progress.bytesRead += entry.compressedSize;
      return text;
    },
    close: () => zip.close(),
  };
}
