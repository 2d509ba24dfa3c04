// Streams records to a JSONL file: one line each, backpressure respected, written under a temporary
// name and renamed when complete so a reader never sees a half-written dataset.

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TurnwiseRecord } from './record-types';

export interface WriteSummary {
  records: number;
  bytes: number;
  successes: number;
  groups: number;
}

export async function writeJsonl(
  records: Iterable<TurnwiseRecord>,
  file: string,
): Promise<WriteSummary> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const temporary = `${file}.tmp-${process.pid}`;
  const stream = createWriteStream(temporary, { encoding: 'utf8' });
  const summary: WriteSummary = { records: 0, bytes: 0, successes: 0, groups: 0 };
  const groups = new Set<string>();
  try {
    for (const record of records) {
      const line = `${JSON.stringify(record)}\n`;
      summary.records += 1;
      summary.bytes += Buffer.byteLength(line, 'utf8');
      if (record.success) summary.successes += 1;
      groups.add(record.group_id);
      if (!stream.write(line)) await once(stream, 'drain');
    }
    stream.end();
    await once(stream, 'finish');
    await rename(temporary, file);
  } catch (error) {
    stream.destroy();
    await rm(temporary, { force: true });
    throw error;
  }
  summary.groups = groups.size;
  return summary;
}
