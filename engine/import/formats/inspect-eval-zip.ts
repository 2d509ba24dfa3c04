// Inspect AI `.eval` logs: a zip of header.json (or _journal/start.json while a run is live) and
// the samples, each either one entry or a chunked folder (inspect-eval-layout.ts). Entries are
// read one at a time, stored, deflated or zstd-compressed alike (zip-entries.ts).
import { type ReadContext, type ReadItem, recordErrorReason } from '../../chat/canonical';
import { parseJson } from '../json-document';
import { readChunkedSample } from './inspect-chunked';
import { evalLayout, type SamplePlan, type UnknownSampleEntries } from './inspect-eval-layout';
import { evalInfo, inspectSample, type InspectEval } from './inspect-sample';
import { openZip, type ZipArchive } from './zip-entries';

async function headerOf(zip: ZipArchive, context: ReadContext): Promise<InspectEval | string> {
  const entry =
    zip.entries.find((e) => e.fileName === 'header.json') ??
    zip.entries.find((e) => e.fileName === '_journal/start.json');
  if (!entry) return 'not an Inspect AI log: the zip has no header.json or _journal/start.json';
  const parsed = parseJson(await zip.readText(entry, context.progress));
  if (!parsed.ok) return `${entry.fileName}: ${parsed.reason}`;
  return evalInfo(parsed.value);
}

function unknownLayoutReason({ first, count }: UnknownSampleEntries): string {
  const more = count > 1 ? ` (and ${count - 1} more entries beside it)` : '';
  return (
    `${first}${more}: unknown sample layout: expected samples/<id>_epoch_<n>.json or a ` +
    'chunked sample folder samples/<id>_epoch_<n>/ with a sample.json (a newer Inspect?)'
  );
}

/** The sample's JSON, or the reason it cannot be read; the entry named for error messages. */
async function sampleJson(
  zip: ZipArchive,
  plan: SamplePlan,
  context: ReadContext,
): Promise<{ ok: true; value: unknown } | { ok: false; reason: string }> {
  if (plan.kind === 'chunked') {
    return { ok: true, value: await readChunkedSample(zip, plan, context.progress) };
  }
  const parsed = parseJson(await zip.readText(plan.entry, context.progress));
  return parsed.ok ? parsed : { ok: false, reason: `${plan.entry.fileName}: ${parsed.reason}` };
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
    const layout = evalLayout(zip.entries);
    if (layout.samples.length === 0 && layout.unknown.length === 0) {
      const reason =
        'samples/: the log has no samples (written with --no-log-samples, or no sample finished?)';
      yield { kind: 'error', line: 1, reason };
      return;
    }
    // `line` is the 1-based position of the sample in id and epoch order: a zip has no lines.
    // Entries of an unknown layout are reported after them, one item per sample folder.
    let position = 0;
    for (const plan of layout.samples) {
      if (context.signal.aborted) return;
      position += 1;
      const where = plan.kind === 'chunked' ? plan.prefix : plan.entry.fileName;
      try {
        const sample = await sampleJson(zip, plan, context);
        if (!sample.ok) yield { kind: 'error', line: position, reason: sample.reason };
        else
          yield {
            kind: 'trajectory',
            line: position,
            trajectory: inspectSample(sample.value, info),
          };
      } catch (error) {
        const reason = recordErrorReason(error);
        if (reason === null) throw error;
        // Chunk errors already name their entry, which is inside the sample's folder.
        const named = reason.startsWith(where) ? reason : `${where}: ${reason}`;
        yield { kind: 'error', line: position, reason: named };
      }
    }
    for (const unknown of layout.unknown) {
      position += 1;
      yield { kind: 'error', line: position, reason: unknownLayoutReason(unknown) };
    }
  } finally {
    zip.close();
  }
}
