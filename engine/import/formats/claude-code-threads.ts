// Splits a Claude Code session into its threads: the main conversation, and one sidechain per
// sub-agent (Task tool) run. Claude Code 1.0.x writes sidechains into the session file itself,
// interleaved when Task calls run in parallel, so a sidechain is found by following parentUuid
// to its root; 2.x writes each to a file of its own (agent-<id>.jsonl) whose lines carry agentId.
import { isRecord } from '../../chat/openai-messages';
import type { SessionEvent } from './session-lines';

const CONVERSATION = new Set(['user', 'assistant', 'system']);

export interface Thread {
  /** Null for the main conversation. */
  agentId: string | null;
  sidechain: boolean;
  events: SessionEvent[];
}

export interface SessionParts {
  threads: Thread[];
  /** `summary` lines' text (Claude Code titles a session with them). */
  summaries: string[];
  /** How many lines of each other type (file-history-snapshot, progress, ...) were not read. */
  otherEvents: Record<string, number>;
}

/** The root uuid of a sidechain event: its parentUuid chain followed within the sidechain. */
function rootOf(event: SessionEvent, byUuid: Map<string, SessionEvent>): string {
  let current = event;
  const seen = new Set<SessionEvent>();
  for (;;) {
    seen.add(current);
    const parent = current.value.parentUuid;
    const next = typeof parent === 'string' ? byUuid.get(parent) : undefined;
    if (next === undefined || seen.has(next)) break;
    current = next;
  }
  const uuid = current.value.uuid;
  return typeof uuid === 'string' ? uuid : `line-${current.line}`;
}

export function sessionParts(events: SessionEvent[]): SessionParts {
  const summaries: string[] = [];
  const otherEvents: Record<string, number> = {};
  const main: Thread = { agentId: null, sidechain: false, events: [] };
  const sidechains = new Map<string, Thread>();
  const byUuid = new Map<string, SessionEvent>();
  for (const event of events) {
    const { value } = event;
    if (value.isSidechain === true && typeof value.uuid === 'string') byUuid.set(value.uuid, event);
  }
  for (const event of events) {
    const { value } = event;
    const type = typeof value.type === 'string' ? value.type : '(no type)';
    if (type === 'summary' && typeof value.summary === 'string') {
      summaries.push(value.summary);
      continue;
    }
    if (!CONVERSATION.has(type)) {
      otherEvents[type] = (otherEvents[type] ?? 0) + 1;
      continue;
    }
    if (value.isSidechain !== true) {
      main.events.push(event);
      continue;
    }
    const agentId = typeof value.agentId === 'string' ? value.agentId : null;
    const key = agentId !== null ? `agent:${agentId}` : `root:${rootOf(event, byUuid)}`;
    let thread = sidechains.get(key);
    if (thread === undefined) {
      thread = { agentId, sidechain: true, events: [] };
      sidechains.set(key, thread);
    }
    thread.events.push(event);
  }
  const threads = main.events.length > 0 ? [main] : [];
  threads.push(...sidechains.values());
  return { threads, summaries, otherEvents };
}

/** A Task call's prompt (how a 1.0.x sidechain, which has no agentId, is matched to its call). */
export function taskPrompt(argumentsJson: string): string | null {
  try {
    const parsed: unknown = JSON.parse(argumentsJson);
    return isRecord(parsed) && typeof parsed.prompt === 'string' ? parsed.prompt : null;
  } catch {
    return null;
  }
}
