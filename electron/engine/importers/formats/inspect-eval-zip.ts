// Inspect AI `.eval` logs: a zip of header.json (or _journal/start.json while a run is live) and
// one samples/<id>_epoch_<n>.json per sample and epoch. Entries are read one at a time.
import type { Entry } from 'yauzl';
import { type ReadContext, type ReadItem, recordErrorReason } from '../canonical';
import { parseJson } from '../json-document';
import { evalInfo, inspectSample, type InspectEval } from './inspect-sample';
import { openZip, type ZipArchive } from './zip-entries';

const SAMPLE_ENTRY = /^samples\/(.+)_epoch_(\d+)\.json$/;

/** Sample entries ordered by sample id (numerically when numeric), then epoch. */
function sampleEntries(entries: Entry[]): Entry[] {
  const key = (entry: Entry) => SAMPLE_ENTRY.exec(entry.fileName) ?? ['', '', '0'];
  return entries
    .filter((entry) => SAMPLE_ENTRY.test(entry.fileName))
    .sort((a, b) => {
      const [, idA = '', epochA = '0'] = key(a);
      const [, idB = '', epochB = '0'] = key(b);
      const byId = idA.localeCompare(idB, 'en', { numeric: true });
      return byId !== 0 ? byId : Number(epochA) - Number(epochB);
    });
}

async function headerOf(zip: ZipArchive, context: ReadContext): Promise<InspectEval | string> {
  const entry =
    zip.entries.find((e) => e.fileName === 'header.json') ??
    zip.entries.find((e) => e.fileName === '_journal/start.json');
  if (!entry) return 'not an Inspect AI log: the zip has no header.json or _journal/start.json';
  const parsed = parseJson(await zip.readText(entry, context.progress));
  if (!parsed.ok) return `${entry.fileName}: ${parsed.reason}`;
  return evalInfo(parsed.value);
}

export async function* readInspectEval(
  file: string,
  context: ReadContext,
): AsyncIterable<ReadItem> {
  let zip: ZipArchive;
  try {
    zip = await openZip(file);
  } catch (error) {
    yield { kind: 'error', line: 1, reason: `not a zip archive (${(error as Error).message})` };
    return;
  }
  try {
    const info = await headerOf(zip, context);
    if (typeof info === 'string') {
      yield { kind: 'error', line: 1, reason: info };
      return;
    }
    // `line` is the 1-based position of the sample entry: a zip has no lines.
    let position = 0;
    for (const entry of sampleEntries(zip.entries)) {
      if (context.signal.aborted) return;
      position += 1;
      const parsed = parseJson(await zip.readText(entry, context.progress));
      if (!parsed.ok) {
        yield { kind: 'error', line: position, reason: `${entry.fileName}: ${parsed.reason}` };
        continue;
      }
      try {
        yield { kind: 'trajectory', line: position, trajectory: inspectSample(parsed.value, info) };
      } catch (error) {
        const reason = recordErrorReason(error);
        if (reason === null) throw error;
        yield { kind: 'error', line: position, reason: `${entry.fileName}: ${reason}` };
      }
    }
  } finally {
    zip.close();
  }
}
