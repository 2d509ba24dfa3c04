// Text actions: agents without tool calls write their action inside the assistant text (ReAct
// "Action: ..." lines, SWE-agent style fenced commands). The text stays as it is; the turn is
// marked as an action and the parsed action goes to turn.metadata.action.
import type { CanonicalTurn } from '../../chat/canonical';

const REACT_ACTION = /^[ \t]*Action:[ \t]*/gm;
const FENCE = /```([^\n`]*)\n([\s\S]*?)\n?```/g;
/** Command fences only: chat answers with code are usually tagged python, json, html... */
const COMMAND_LANGUAGES = new Set(['', 'bash', 'sh', 'shell', 'console']);

/** The command in a fenced block that ends the text (SWE-agent style), or null. */
function trailingCommand(content: string): string | null {
  let last: RegExpExecArray | null = null;
  for (const match of content.matchAll(FENCE)) last = match;
  if (!last || content.slice(last.index + last[0].length).trim() !== '') return null;
  if (!COMMAND_LANGUAGES.has((last[1] ?? '').trim().toLowerCase())) return null;
  const command = last[2]?.trim();
  return command ? command : null;
}

/** The text after the last ReAct "Action:" line (keeping "Action Input:" lines), or null. */
function reactAction(content: string): string | null {
  let last: RegExpExecArray | null = null;
  for (const match of content.matchAll(REACT_ACTION)) last = match;
  if (!last) return null;
  const action = content.slice(last.index + last[0].length).trim();
  return action === '' ? null : action;
}

/** The action written in an assistant text, or null when there is none. */
export function textActionOf(content: string): string | null {
  return reactAction(content) ?? trailingCommand(content);
}

const OBSERVATION_ROLES = new Set(['user', 'tool', 'environment']);

/**
 * Marks text actions in a trajectory that has no tool calls at all: an assistant turn with an
 * explicit ReAct "Action:", or ending in a command block that the environment answers (the next
 * turn is user, tool or environment). It takes at least two such turns (an agent loop), so a
 * chat with one code answer is left alone.
 */
export function markTextActions(turns: CanonicalTurn[]): CanonicalTurn[] {
  if (turns.some((turn) => turn.tool_calls.length > 0)) return turns;
  const actions = turns.map((turn, index) => {
    const next = turns[index + 1];
    if (turn.role !== 'assistant') return null;
    const answered = next !== undefined && OBSERVATION_ROLES.has(next.role);
    return reactAction(turn.content) ?? (answered ? trailingCommand(turn.content) : null);
  });
  if (actions.filter((action) => action !== null).length < 2) return turns;
  return turns.map((turn, index) => {
    const action = actions[index];
    if (action === null || action === undefined) return turn;
    return { ...turn, is_action: true, metadata: { ...(turn.metadata ?? {}), action } };
  });
}
