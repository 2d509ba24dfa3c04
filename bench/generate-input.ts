// Writes a turnwise-format JSONL of at least `megabytes` MB (or `maxRecords` trajectories, whichever
// comes first) from the demo generator, streaming.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { generateRollouts } from '../scripts/demo/rollouts';

export async function writeBenchInput(
  file: string,
  megabytes: number,
  maxRecords = Infinity,
): Promise<{ bytes: number; records: number }> {
  const target = megabytes * 1_000_000;
  const out = createWriteStream(file);
  let bytes = 0;
  let records = 0;
  // Many tasks, so trajectory ids stay unique however large the file grows.
  for (const record of generateRollouts({ tasks: 1_000_000, rollouts: 8, seed: 11 })) {
    const line = `${JSON.stringify(record)}\n`;
    bytes += Buffer.byteLength(line);
    records += 1;
    if (!out.write(line)) await once(out, 'drain');
    if (bytes >= target || records >= maxRecords) break;
  }
  out.end();
  await once(out, 'finish');
  return { bytes, records };
}
