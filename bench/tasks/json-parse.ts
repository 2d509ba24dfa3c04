// Baseline: stream the file line by line and JSON.parse every record (no storage).
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { argument, measure } from './measure';

const file = argument(0, 'JSONL file');

await measure(async () => {
  let records = 0;
  let messages = 0;
  for await (const line of createInterface({
    input: createReadStream(file),
    crlfDelay: Infinity,
  })) {
    if (line === '') continue;
    const record = JSON.parse(line) as { messages?: unknown[] };
    records += 1;
    messages += record.messages?.length ?? 0;
  }
  return { records, messages };
});
