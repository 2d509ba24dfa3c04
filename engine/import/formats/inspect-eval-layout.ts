// Which samples an Inspect `.eval` zip holds, from its entry names alone (as Inspect's own readers
// classify them, log/_recorders/chunked/format.py): a monolith sample is one entry
// `samples/<id>_epoch_<n>.json`; a chunked sample is a folder `samples/<id>_epoch_<n>/` with a
// `sample.json` shell and start-named chunks of its sequences. One log may mix both.
import type { Entry } from 'yauzl';

/** The sequences of a chunked sample, each stored as chunks `<sequence>/<start>.json`. */
export type SequenceName = 'messages' | 'events' | 'attachments';

export interface SequenceChunk {
  start: number;
  entry: Entry;
}

export type SamplePlan =
  | { kind: 'monolith'; id: string; epoch: number; entry: Entry }
  | {
      kind: 'chunked';
      id: string;
      epoch: number;
      prefix: string;
      shell: Entry;
      metadata: Entry | null;
      /** Chunks by sequence, ordered by start. */
      sequences: Record<SequenceName, SequenceChunk[]>;
    };

/** Entries under samples/ that fit neither layout, grouped by their first folder or file. */
export interface UnknownSampleEntries {
  first: string;
  count: number;
}

export interface EvalLayout {
  samples: SamplePlan[];
  unknown: UnknownSampleEntries[];
}

const MONOLITH = /^samples\/(.+)_epoch_(\d+)\.json$/;
const SHELL = /^samples\/(.+)_epoch_(\d+)\/sample\.json$/;
// Other members of a chunked sample (raw provider `calls/`, the viewer's skeleton, event stats
// and uuids, members added later) are not needed for turns and are left unread.
const CHUNK = /^(messages|events|attachments)\/(\d+)\.json$/;

/** Sample id (numerically when numeric), then epoch: the order samples are reported in. */
function bySampleOrder(a: SamplePlan, b: SamplePlan): number {
  const byId = a.id.localeCompare(b.id, 'en', { numeric: true });
  return byId !== 0 ? byId : a.epoch - b.epoch;
}

export type ChunkedPlan = Extract<SamplePlan, { kind: 'chunked' }>;

function chunkedPlan(shell: Entry, match: RegExpExecArray): ChunkedPlan {
  const [, id = '', epoch = '0'] = match;
  return {
    kind: 'chunked',
    id,
    epoch: Number(epoch),
    prefix: shell.fileName.slice(0, -'sample.json'.length),
    shell,
    metadata: null,
    sequences: { messages: [], events: [], attachments: [] },
  };
}

/** The sample folder an entry is in (`samples/<id>_epoch_<n>/`), or null. */
const FOLDER = /^(samples\/.+?_epoch_\d+\/)/;

export function evalLayout(entries: Entry[]): EvalLayout {
  const samples: SamplePlan[] = [];
  const folders = new Map<string, ChunkedPlan>();
  for (const entry of entries) {
    const monolith = MONOLITH.exec(entry.fileName);
    const shell = monolith ? null : SHELL.exec(entry.fileName);
    if (monolith) {
      const [, id = '', epoch = '0'] = monolith;
      samples.push({ kind: 'monolith', id, epoch: Number(epoch), entry });
    } else if (shell) {
      const plan = chunkedPlan(entry, shell);
      folders.set(plan.prefix, plan);
      samples.push(plan);
    }
  }
  const unknown = new Map<string, UnknownSampleEntries>();
  for (const entry of entries) {
    const name = entry.fileName;
    if (!name.startsWith('samples/') || name.endsWith('/') || MONOLITH.test(name)) continue;
    const folder = FOLDER.exec(name)?.[1];
    const plan = folder === undefined ? undefined : folders.get(folder);
    if (plan) {
      const member = name.slice(plan.prefix.length);
      const chunk = CHUNK.exec(member);
      if (member === 'metadata.json') plan.metadata = entry;
      else if (chunk)
        plan.sequences[chunk[1] as SequenceName].push({ start: Number(chunk[2]), entry });
      continue;
    }
    // One item per sample folder (or stray file), not one per chunk of an unknown layout.
    const group = folder ?? name;
    const seen = unknown.get(group);
    if (seen) seen.count += 1;
    else unknown.set(group, { first: name, count: 1 });
  }
  for (const plan of folders.values()) {
    for (const chunks of Object.values(plan.sequences)) chunks.sort((a, b) => a.start - b.start);
  }
  return { samples: samples.sort(bySampleOrder), unknown: [...unknown.values()] };
}
