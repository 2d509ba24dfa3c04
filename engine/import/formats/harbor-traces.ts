// Harbor's traces export (docs/formats/harbor-traces.md): the rows `harbor traces export` makes
// of trial folders, one per episode, each repeating the conversation up to that agent step. One
// trajectory per trial, from its longest row. Read in two passes so that only the choice per
// trial is held, never the rows: the first finds each trial's longest good row, the second
// converts those rows and reports the bad ones in file order.
import {
  recordErrorReason,
  type FormatReader,
  type ReadContext,
  type ReadItem,
  type ReadProgress,
} from '../../chat/canonical';
import { withoutCompression } from '../decompress';
import { formatInfo } from '../format-infos';
import { isRecord } from '../../chat/openai-messages';
import { harborRowTrajectory, trialKey } from './harbor-traces-row';
import { firstRecordOfHead, readRecords } from './openai-chat-records';
import { isParquetPath, looksLikeParquet, parquetTailText } from './parquet-rows';

/** The longest good row of one trial so far, by its place among the file's records. */
interface Choice {
  ordinal: number;
  length: number;
  episode: number;
  rows: number;
}

function episodeNumber(value: unknown): number {
  const match = typeof value === 'string' ? /^episode-(\d+)$/.exec(value) : null;
  return match ? Number(match[1]) : -1;
}

/** A pass's own count of bytes, shown as `shown(count)`: each pass is half of the file's read. */
function passProgress(progress: ReadProgress, shown: (count: number) => number): ReadProgress {
  let count = 0;
  return {
    get bytesRead() {
      return count;
    },
    set bytesRead(value: number) {
      count = value;
      progress.bytesRead = shown(value);
    },
  };
}

interface FirstPass {
  chosen: Map<number, number>;
  bad: Map<number, string>;
  bytes: number;
}

/** Each trial's longest good row (ordinal -> the trial's row count) and each bad row's reason. */
async function choose(file: string, context: ReadContext): Promise<FirstPass> {
  const start = context.progress.bytesRead;
  const progress = passProgress(context.progress, (count) => start + Math.floor(count / 2));
  const choices = new Map<string, Choice>();
  const bad = new Map<number, string>();
  let ordinal = -1;
  for await (const record of readRecords(file, { ...context, progress })) {
    ordinal += 1;
    if (record.kind === 'error') continue;
    try {
      const length = harborRowTrajectory(record.value, 1).turns.length;
      const key = trialKey(record.value as Record<string, unknown>);
      const episode = episodeNumber((record.value as Record<string, unknown>).episode);
      const best = choices.get(key);
      const rows = (best?.rows ?? 0) + 1;
      // Each episode's row adds at least one message; on a tie the later episode, then row, wins.
      const better =
        best === undefined ||
        length > best.length ||
        (length === best.length && episode >= best.episode);
      choices.set(key, better ? { ordinal, length, episode, rows } : { ...best, rows });
    } catch (error) {
      const reason = recordErrorReason(error);
      if (reason === null) throw error;
      bad.set(ordinal, reason);
    }
  }
  const chosen = new Map([...choices.values()].map((choice) => [choice.ordinal, choice.rows]));
  return { chosen, bad, bytes: progress.bytesRead };
}

async function* readHarborTraces(file: string, context: ReadContext): AsyncIterable<ReadItem> {
  const start = context.progress.bytesRead;
  const { chosen, bad, bytes } = await choose(file, context);
  if (context.signal.aborted) return;
  const shown = (count: number) => start + bytes - Math.floor((bytes - count) / 2);
  const progress = passProgress(context.progress, shown);
  let ordinal = -1;
  for await (const record of readRecords(file, { ...context, progress })) {
    ordinal += 1;
    if (context.signal.aborted) return;
    if (record.kind === 'error') {
      yield record;
      continue;
    }
    const reason = bad.get(ordinal);
    const rows = chosen.get(ordinal);
    if (reason !== undefined) yield { kind: 'error', line: record.line, reason };
    else if (rows !== undefined) {
      const trajectory = harborRowTrajectory(record.value, rows);
      yield { kind: 'trajectory', line: record.line, trajectory };
    }
  }
}

/** The export's own columns: other chat datasets have `conversations`, not these beside it. */
const TRIAL_COLUMNS = ['agent', 'episode', 'trial_name', 'run_id'];

function detectHarborTraces({ path: file, head }: { path: string; head: string }): number {
  try {
    if (isParquetPath(file)) {
      if (!looksLikeParquet(head)) return 0;
      const tail = parquetTailText(file);
      return ['conversations', ...TRIAL_COLUMNS].every((name) => tail.includes(name)) ? 0.95 : 0;
    }
    if (!/\.(jsonl|json)$/i.test(withoutCompression(file))) return 0;
    const first = firstRecordOfHead(file, head);
    if (isRecord(first)) {
      const hasConversation = Array.isArray(first.conversations);
      return hasConversation && TRIAL_COLUMNS.every((key) => key in first) ? 0.95 : 0;
    }
    if (first !== null) return 0;
    // The first row is longer than the head: look for its keys.
    const keys = ['conversations', ...TRIAL_COLUMNS].map((key) => `"${key}"`);
    return /"episode"\s*:\s*"episode-\d+"/.test(head) && keys.every((key) => head.includes(key))
      ? 0.9
      : 0;
  } catch {
    return 0;
  }
}

export const harborTracesFormat: FormatReader = {
  ...formatInfo('harbor-traces'),
  detect: detectHarborTraces,
  read: readHarborTraces,
};
