// Claude Code session logs (~/.claude/projects/<project>/<session>.jsonl, and the sub-agent
// files agent-<id>.jsonl beside them or under <session>/subagents/): one trajectory for the main
// conversation and one per sub-agent sidechain, linked through metadata (docs/formats/claude-code.md).
import path from 'node:path';
import type {
  CanonicalTrajectory,
  CanonicalTurn,
  FormatReader,
  ReadContext,
  ReadItem,
} from '../../chat/canonical';
import { withoutCompression } from '../decompress';
import { formatInfo } from '../format-infos';
import { isRecord } from '../../chat/openai-messages';
import { sessionParts, type SessionParts, taskPrompt, type Thread } from './claude-code-threads';
import { threadTurns } from './claude-code-turns';
import { headObjects, readSessionLines } from './session-lines';

/** The tool that starts a sub-agent (named Agent in some 2.x releases). */
const TASK_TOOLS = new Set(['Task', 'Agent']);

interface Built {
  thread: Thread;
  id: string;
  turns: CanonicalTurn[];
}

function firstString(thread: Thread, key: string): string | null {
  for (const { value } of thread.events) {
    const found = value[key];
    if (typeof found === 'string' && found !== '') return found;
  }
  return null;
}

function threadIds(threads: Thread[], sessionId: string, stem: string): string[] {
  let unnamed = 0;
  const alone = threads.length === 1 && threads[0]?.sidechain === true;
  return threads.map((thread) => {
    if (!thread.sidechain) return sessionId;
    if (thread.agentId !== null) return `${sessionId}/agent-${thread.agentId}`;
    // A sub-agent file of its own whose lines do not name the agent: its file name does.
    if (alone && stem.startsWith('agent-')) return `${sessionId}/${stem}`;
    unnamed += 1;
    return `${sessionId}/sidechain-${unnamed}`;
  });
}

/**
 * Links the main conversation's Task calls to their sub-agents: by the agentId Claude Code 2.x
 * records on the result, else (1.0.x) by the sidechain whose first message is the Task's prompt.
 * Returns the child ids, each Task result turn naming its child in `subagent_trajectory_id`.
 */
function linkChildren(main: Built, sidechains: Built[], sessionId: string): string[] {
  const calls = new Map(main.turns.flatMap((turn) => turn.tool_calls.map((c) => [c.id, c])));
  const unclaimed = sidechains.filter((built) => built.thread.agentId === null);
  const children: string[] = [];
  for (const turn of main.turns) {
    const call = turn.tool_call_id === null ? undefined : calls.get(turn.tool_call_id);
    if (turn.role !== 'tool' || call === undefined || !TASK_TOOLS.has(call.name)) continue;
    const agentId = turn.metadata?.agentId;
    let child: string | null = typeof agentId === 'string' ? `${sessionId}/agent-${agentId}` : null;
    if (child === null) {
      const prompt = taskPrompt(call.arguments);
      const match = unclaimed.find((built) => built.turns[0]?.content === prompt);
      if (match !== undefined) {
        unclaimed.splice(unclaimed.indexOf(match), 1);
        child = match.id;
      }
    }
    if (child === null) continue;
    turn.metadata = { ...turn.metadata, subagent_trajectory_id: child };
    children.push(child);
  }
  for (const built of sidechains) if (!children.includes(built.id)) children.push(built.id);
  return children;
}

function trajectoryOf(
  built: Built,
  parts: SessionParts,
  sessionId: string,
  children: string[],
): CanonicalTrajectory {
  const { thread, turns } = built;
  const models = turns.map((turn) => turn.metadata?.model).filter((m) => typeof m === 'string');
  const timestamps = thread.events.map((event) => event.value.timestamp);
  const metadata: Record<string, unknown> = {
    session_id: sessionId,
    version: firstString(thread, 'version'),
    cwd: firstString(thread, 'cwd'),
    git_branch: firstString(thread, 'gitBranch'),
    started_at: timestamps.find((t) => typeof t === 'string') ?? null,
    ended_at: timestamps.findLast((t) => typeof t === 'string') ?? null,
  };
  if (thread.sidechain) {
    metadata.sidechain = true;
    metadata.agent_id = thread.agentId;
    metadata.parent_trajectory_id = sessionId;
  } else {
    if (parts.summaries.length > 0) metadata.summaries = parts.summaries;
    if (children.length > 0) metadata.child_trajectory_ids = children;
  }
  if (Object.keys(parts.otherEvents).length > 0) metadata.other_events = parts.otherEvents;
  return {
    source_id: built.id,
    task_id: null,
    group_id: null,
    sample_index: null,
    // Claude Code marks its own messages (API errors, interruptions) with the model <synthetic>.
    model: (models.find((m) => m !== '<synthetic>') as string | undefined) ?? null,
    reward: null,
    success: null,
    metadata,
    tools: null,
    turns,
  };
}

async function* readClaudeCode(file: string, context: ReadContext): AsyncIterable<ReadItem> {
  const { events, dropped } = await readSessionLines(file, context);
  if (context.signal.aborted) return;
  yield* dropped;
  const stem = path.basename(withoutCompression(file)).replace(/\.jsonl$/i, '');
  const parts = sessionParts(events);
  const sessionId = parts.threads.map((t) => firstString(t, 'sessionId')).find((s) => s) ?? stem;
  const ids = threadIds(parts.threads, sessionId, stem);
  const notes: ReadItem[] = [];
  const built: Built[] = parts.threads.map((thread, index) => {
    const converted = threadTurns(thread.events);
    notes.push(...converted.dropped);
    return { thread, id: ids[index] ?? sessionId, turns: converted.turns };
  });
  yield* notes;
  const main = built.find((b) => !b.thread.sidechain);
  const sidechains = built.filter((b) => b.thread.sidechain);
  const children = main === undefined ? [] : linkChildren(main, sidechains, sessionId);
  for (const each of built) {
    const line = each.thread.events[0]?.line ?? 1;
    if (each.turns.length === 0) {
      yield { kind: 'dropped', line, reason: `${each.id}: no messages to import` };
      continue;
    }
    const trajectory = trajectoryOf(each, parts, sessionId, children);
    yield { kind: 'trajectory', line, trajectory };
  }
  if (built.length === 0) {
    yield { kind: 'dropped', line: 1, reason: 'the session holds no conversation' };
  }
}

/** A line Claude Code writes for a message: its session, its place in the chain, its message. */
function isSessionEvent(value: Record<string, unknown>): boolean {
  return (
    typeof value.sessionId === 'string' &&
    typeof value.type === 'string' &&
    ['user', 'assistant', 'system'].includes(value.type) &&
    (isRecord(value.message) || value.type === 'system')
  );
}

export const claudeCodeFormat: FormatReader = {
  ...formatInfo('claude-code'),
  detect({ path: file, head }) {
    if (!/\.jsonl$/i.test(withoutCompression(file))) return 0;
    const objects = headObjects(head);
    if (objects.length === 0) {
      // A first line longer than the head: look at how it opens.
      return /^\s*\{"parentUuid":/.test(head) && head.includes('"sessionId":') ? 0.85 : 0;
    }
    const events = objects.filter(isSessionEvent);
    if (events.some((e) => typeof e.uuid === 'string' && 'parentUuid' in e)) return 0.95;
    if (events.length > 0) return 0.85;
    // A session of summary lines only (Claude Code leaves such files behind).
    const summaries = objects.filter((o) => o.type === 'summary' && typeof o.leafUuid === 'string');
    return summaries.length === objects.length ? 0.8 : 0;
  },
  read: readClaudeCode,
};
