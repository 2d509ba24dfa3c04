// The `openhands` format: OpenHands V0 event-list exports (.json), EvalOutput JSONL and resolver
// output JSONL (one trajectory per line), and JSON lists of such records.
import path from 'node:path';
import {
  type CanonicalTrajectory,
  type FormatReader,
  type ReadContext,
  type ReadItem,
  recordErrorReason,
} from '../../chat/canonical';
import { withoutCompression } from '../decompress';
import { parseJson, readTextFile, splitTopLevelArray } from '../json-document';
import { readLines } from '../line-reader';
import { isRecord } from '../../chat/openai-messages';
import {
  isHistoryRecord,
  openHandsEventList,
  openHandsRecord,
  RECORD_ID_KEYS,
} from './openhands-record';
import { optionalReport, type ResultsReport } from './swe-bench-report';
import { formatInfo } from '../format-infos';

function stemOf(file: string): string {
  return path.basename(withoutCompression(file)).replace(/\.(jsonl|json)$/i, '');
}

/** Repeated instance ids (several attempts in one file) get #2, #3, ... so ids stay unique. */
function uniqueIds(): (trajectory: CanonicalTrajectory) => CanonicalTrajectory {
  const seen = new Map<string, number>();
  return (trajectory) => {
    const count = (seen.get(trajectory.source_id) ?? 0) + 1;
    seen.set(trajectory.source_id, count);
    if (count > 1) trajectory.source_id = `${trajectory.source_id}#${count}`;
    return trajectory;
  };
}

function toItem(line: number, convert: () => CanonicalTrajectory): ReadItem {
  try {
    return { kind: 'trajectory', line, trajectory: convert() };
  } catch (error) {
    const reason = recordErrorReason(error);
    if (reason === null) throw error;
    return { kind: 'error', line, reason: reason };
  }
}

/** The line of the event a path like `events[12].args` points at, for a precise error. */
function eventLine(text: string, reason: string): number {
  const index = /^events\[(\d+)\]/.exec(reason)?.[1];
  if (index === undefined) return 1;
  return splitTopLevelArray(text)?.[Number(index)]?.line ?? 1;
}

async function* readJsonDocument(
  file: string,
  context: ReadContext,
  report: ResultsReport | null,
): AsyncIterable<ReadItem> {
  const text = await readTextFile(file, context);
  if (context.signal.aborted) return;
  const parsed = parseJson(text);
  if (!parsed.ok) {
    yield { kind: 'error', line: parsed.line, reason: parsed.reason };
    return;
  }
  const stem = stemOf(file);
  const unique = uniqueIds();
  const value = parsed.value;
  if (Array.isArray(value) && value.some(isHistoryRecord)) {
    // A list of EvalOutput / resolver records: each at the line where it starts.
    const elements = splitTopLevelArray(text) ?? [];
    for (const [index, element] of value.entries()) {
      if (context.signal.aborted) return;
      const line = elements[index]?.line ?? 1;
      yield toItem(line, () =>
        unique(openHandsRecord(element, `${stem}-${index}`, context.options, report)),
      );
    }
    return;
  }
  if (Array.isArray(value)) {
    const item = toItem(1, () => openHandsEventList(value, stem));
    yield item.kind === 'error' ? { ...item, line: eventLine(text, item.reason) } : item;
    return;
  }
  yield toItem(1, () => openHandsRecord(value, stem, context.options, report));
}

async function* readJsonl(
  file: string,
  context: ReadContext,
  report: ResultsReport | null,
): AsyncIterable<ReadItem> {
  const stem = stemOf(file);
  const unique = uniqueIds();
  for await (const { number, text, refused } of readLines(file, context.progress, context.signal)) {
    if (refused !== undefined) {
      yield { kind: 'error', line: number, reason: refused };
      continue;
    }
    if (text.trim() === '') continue;
    const parsed = parseJson(text, number);
    if (!parsed.ok) {
      yield { kind: 'error', line: number, reason: parsed.reason };
      continue;
    }
    yield toItem(number, () =>
      unique(openHandsRecord(parsed.value, `${stem}-${number}`, context.options, report)),
    );
  }
}

async function* readOpenHands(file: string, context: ReadContext): AsyncIterable<ReadItem> {
  const report = await optionalReport(context);
  if (/\.jsonl$/i.test(withoutCompression(file))) yield* readJsonl(file, context, report);
  else yield* readJsonDocument(file, context, report);
}

const EVENT_LIST = /^\s*\[\s*\{/;
const SOURCE = /"source"\s*:\s*"(agent|user|environment)"/;
const ACTION_OR_OBSERVATION = /"(action|observation)"\s*:\s*"[a-z_]+"/;
const EVENT_MARKERS = /"(tool_call_metadata|cause|extras)"\s*:/;

/** The first history entry (or [action, observation] pair) is an OpenHands event. */
function opensWithEvent(history: unknown[]): boolean {
  const entry: unknown = Array.isArray(history[0]) ? history[0][0] : history[0];
  return (
    isRecord(entry) && (typeof entry.action === 'string' || typeof entry.observation === 'string')
  );
}

function detectRecord(head: string): number {
  const firstLine = head.split('\n', 1)[0] ?? '';
  let first: unknown;
  try {
    first = JSON.parse(firstLine);
  } catch {
    first = undefined;
  }
  if (isRecord(first)) {
    if (!Array.isArray(first.history)) return 0;
    const evalFields = 'test_result' in first || 'metrics' in first;
    if ('instance_id' in first && evalFields) return 0.95;
    // 2024 benchmarks keyed by `id` / `task_id`: only with OpenHands events in the history.
    const keyed = RECORD_ID_KEYS.some((key) => key in first);
    if (keyed && evalFields && opensWithEvent(first.history)) return 0.9;
    if (isRecord(first.issue) && ('success' in first || 'result_explanation' in first)) return 0.9;
    return 0;
  }
  // A record larger than the sample: fall back to its opening keys (EvalOutput puts
  // instance_id, test_result, instruction and metadata{agent_class, llm_config} before history).
  if (/"(instance_id|id|task_id)"\s*:/.test(head)) {
    const history = /"history"\s*:\s*\[/.test(head) && ACTION_OR_OBSERVATION.test(head);
    const evalMetadata =
      /"agent_class"\s*:/.test(head) && /"(test_result|instruction)"\s*:/.test(head);
    return history || evalMetadata ? 0.85 : 0;
  }
  const resolver = /"issue"\s*:\s*\{/.test(head) && /"issue_type"\s*:/.test(head);
  return resolver && /"history"\s*:\s*\[/.test(head) ? 0.85 : 0;
}

export const openhandsFormat: FormatReader = {
  ...formatInfo('openhands'),
  detect({ path: file, head }) {
    try {
      const name = withoutCompression(file);
      if (!/\.(json|jsonl)$/i.test(name)) return 0;
      if (EVENT_LIST.test(head)) {
        // A list of records; an event list may open with "id" too, so fall through when 0.
        const records = /^\s*\[\s*\{\s*"(instance_id|id|task_id|issue)"/.test(head)
          ? detectRecord(head.replace(/^\s*\[\s*/, ''))
          : 0;
        if (records > 0) return records;
        if (!ACTION_OR_OBSERVATION.test(head)) return 0;
        if (SOURCE.test(head) && EVENT_MARKERS.test(head)) return 0.9;
        return SOURCE.test(head) ? 0.6 : 0;
      }
      if (!/^\s*\{/.test(head)) return 0;
      return detectRecord(head);
    } catch {
      return 0;
    }
  },
  read: readOpenHands,
};
