// All import formats, and detection of the format of a file.
import { open } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { TurnwiseError } from '../../../shared/result';
import type { FormatInfo } from '../../../shared/model';
import type { FormatReader } from './canonical';
import { turnwiseFormat } from './turnwise';

export const FORMATS: readonly FormatReader[] = [turnwiseFormat];

const SAMPLE_BYTES = 1 << 20;

export function formatInfos(): FormatInfo[] {
  return FORMATS.map(({ name, description, extensions }) => ({ name, description, extensions }));
}

export function formatByName(name: string): FormatReader {
  const reader = FORMATS.find((format) => format.name === name);
  if (!reader) {
    throw new TurnwiseError(
      'invalid_input',
      `unknown format '${name}' (known: ${FORMATS.map((f) => f.name).join(', ')})`,
    );
  }
  return reader;
}

/** Reads the start of a file as text (decompressing .gz) for detection. */
export async function readHead(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SAMPLE_BYTES, 0);
    const bytes = buffer.subarray(0, bytesRead);
    if (!file.endsWith('.gz')) return bytes.toString('utf8');
    try {
      return gunzipSync(bytes, {
        finishFlush: 2 /* Z_SYNC_FLUSH: tolerate a cut stream */,
      }).toString('utf8');
    } catch {
      return '';
    }
  } finally {
    await handle.close();
  }
}

/** Picks the most confident reader; an unknown or ambiguous file gets the candidates listed. */
export async function detectFormat(file: string): Promise<FormatReader> {
  const head = await readHead(file);
  const scored = FORMATS.map((reader) => ({ reader, score: reader.detect({ path: file, head }) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score);
  const best = scored[0];
  if (!best || best.score < 0.3) {
    throw new TurnwiseError(
      'invalid_input',
      `${file}: format not recognised; pass --format with one of: ${FORMATS.map((f) => f.name).join(', ')}`,
    );
  }
  const second = scored[1];
  if (second && best.score - second.score < 0.1) {
    throw new TurnwiseError(
      'invalid_input',
      `${file}: format is ambiguous between ${scored
        .slice(0, 3)
        .map((entry) => `${entry.reader.name} (${entry.score.toFixed(2)})`)
        .join(', ')}; pass --format`,
    );
  }
  return best.reader;
}
