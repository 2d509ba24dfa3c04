// OpenHands V1 (software-agent-sdk) persisted conversations (docs/formats/openhands-v1.md): a
// folder with base_state.json and events/event-<index>-<event id>.json, one event per file. The
// reader reads base_state.json and its events (companion files), one trajectory per folder.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FormatReader, ReadContext, ReadItem } from '../../chat/canonical';
import { parseJson, readTextFile } from '../json-document';
import { isRecord } from '../../chat/openai-messages';
import { formatInfo } from '../format-infos';
import { eventsToTurns, type EventRecord } from './openhands-v1-events';

type Obj = Record<string, unknown>;
const BASE_STATE = 'base_state.json';
/** The SDK's EVENT_NAME_RE (conversation/persistence_const.py): at least 5 index digits. */
const EVENT_NAME = /^event-(\d{5,})-([0-9a-fA-F-]{8,})\.json$/;
/** Not nodes of the event tree: kept in file order whatever the branch (state.py). */
/** The SDK's ROOT_PARENT_ID (event/types.py): an explicit root at any index. */
const ROOT_PARENT_ID = '__root__';
const ARTIFACTS = new Set(['ConversationStateUpdateEvent', 'ConversationErrorEvent']);

async function eventFiles(baseState: string): Promise<string[]> {
  if (path.basename(baseState) !== BASE_STATE) return [];
  const dir = path.join(path.dirname(baseState), 'events');
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .flatMap((name) => {
      const match = EVENT_NAME.exec(name);
      return match ? [{ name, index: Number(match[1]) }] : [];
    })
    .sort((a, b) => a.index - b.index)
    .map(({ name }) => path.join(dir, name));
}

/**
 * The events of the active branch, root first, as ConversationState.active_branch resolves it:
 * from `leaf_event_id` (else the last event that is a tree node) up the `parent_id` chain, where
 * an event without one has the previous event as its parent. Artifacts stay where they are.
 */
function activeBranch(records: EventRecord[], leafId: unknown): EventRecord[] {
  if (!records.some(({ event }) => event.parent_id != null) && leafId == null) return records;
  const byId = new Map(records.map((record, i) => [record.event.id, i]));
  const nodes = records.filter(({ event }) => !ARTIFACTS.has(String(event.kind)));
  let at = byId.get(leafId ?? nodes.at(-1)?.event.id);
  const onBranch = new Set<number>();
  while (at !== undefined && !onBranch.has(at)) {
    onBranch.add(at);
    const { parent_id: parent } = (records[at] as EventRecord).event;
    if (parent === ROOT_PARENT_ID) break;
    at = parent != null ? byId.get(parent) : at > 0 ? at - 1 : undefined;
  }
  return records.filter(({ event }, i) => onBranch.has(i) || ARTIFACTS.has(String(event.kind)));
}

function metadataOf(state: Obj, skipped: Record<string, number>, offBranch: number): Obj {
  const metadata: Obj = { conversation_id: state.id, execution_status: state.execution_status };
  if (isRecord(state.workspace)) metadata.working_dir = state.workspace.working_dir;
  const usage = isRecord(state.stats) ? state.stats.usage_to_metrics : null;
  if (isRecord(usage)) {
    // Per-LLM totals only: the per-call cost and latency lists grow with the conversation.
    metadata.usage = Object.fromEntries(
      Object.entries(usage).map(([key, m]) => [
        key,
        isRecord(m)
          ? { model: m.model_name, cost: m.accumulated_cost, tokens: m.accumulated_token_usage }
          : m,
      ]),
    );
  }
  if (Object.keys(skipped).length > 0) metadata.skipped_events = skipped;
  if (offBranch > 0) metadata.off_branch_events = offBranch;
  return metadata;
}

async function* readOpenhandsV1(file: string, context: ReadContext): AsyncIterable<ReadItem> {
  const parsed = parseJson(await readTextFile(file, context));
  if (!parsed.ok) {
    yield { kind: 'error', line: parsed.line, reason: parsed.reason };
    return;
  }
  const state = parsed.value;
  if (!isRecord(state) || !isRecord(state.agent)) {
    yield { kind: 'error', line: 1, reason: 'expected a base_state.json object with agent' };
    return;
  }
  const records: EventRecord[] = [];
  const root = path.dirname(file);
  for (const eventFile of await eventFiles(file)) {
    if (context.signal.aborted) return;
    const where = path.relative(root, eventFile);
    const event = parseJson(await readTextFile(eventFile, context));
    const reason = !event.ok
      ? `line ${event.line}: ${event.reason}`
      : !isRecord(event.value) || typeof event.value.kind !== 'string'
        ? 'expected an event object with kind'
        : null;
    if (reason !== null) yield { kind: 'dropped', line: 1, reason: `${where}: ${reason}` };
    else if (event.ok) records.push({ event: event.value as Obj, where });
  }
  const branch = activeBranch(records, state.leaf_event_id);
  const { turns, tools, skipped, dropped } = eventsToTurns(branch);
  for (const bad of dropped)
    yield { kind: 'dropped', line: 1, reason: `${bad.where}: ${bad.reason}` };
  const llm = isRecord(state.agent.llm) ? state.agent.llm : {};
  const id = typeof state.id === 'string' && state.id !== '' ? state.id : path.basename(root);
  yield {
    kind: 'trajectory',
    line: 1,
    trajectory: {
      source_id: id,
      task_id: null,
      group_id: null,
      sample_index: null,
      model: typeof llm.model === 'string' ? llm.model : null,
      reward: null,
      success: null,
      metadata: metadataOf(state, skipped, records.length - branch.length),
      tools,
      turns,
    },
  };
}

export const openhandsV1Format: FormatReader = {
  ...formatInfo('openhands-v1'),
  detect({ path: file, head }) {
    if (path.basename(file) !== BASE_STATE || !/^\s*\{/.test(head)) return 0;
    return /"agent"\s*:/.test(head) && /"execution_status"|"persistence_dir"|"workspace"/.test(head)
      ? 0.95
      : 0;
  },
  read: readOpenhandsV1,
  companionFiles: eventFiles,
};
