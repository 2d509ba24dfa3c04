// A file's bytes in slices of one reused buffer, for the readers that go through a whole file (the
// import's fingerprint, the line reader). A read stream allocates a fresh 64 kB buffer per chunk,
// and on the bench machines touching new memory costs more than reading it (docs/performance.md,
// "Import").
import { open } from 'node:fs/promises';

/** Bytes read at a time, into one buffer kept for the whole file. */
const READ_BYTES = 1 << 20;

/**
 * The file's bytes in order, each slice valid only until the next is asked for; `onBytes` hears
 * each slice's size. Leaving the loop early closes the file.
 */
export async function* fileChunks(
  file: string,
  onBytes: (bytes: number) => void,
): AsyncGenerator<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.allocUnsafeSlow(READ_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return;
      onBytes(bytesRead);
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}
