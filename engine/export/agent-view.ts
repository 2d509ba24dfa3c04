// The agent's own conversation, which every export target trains on: a simulated user that calls
// tools (tau2 telecom) acts on their device, and the agent never sees those calls or their results
// (tau2 agent/base_agent.py, is_valid_agent_history_message: a user message with tool calls and a
// tool message requested by the user are not in the agent's history). So a user turn with tool
// calls and the tool results answering them are left out of every record, and counted by reason
// in the manifest (counts.left_out), rather than becoming empty user messages and tool results
// with no call before them.

export const USER_TOOL_CALL_LEFT_OUT =
  "user-side tool call and its result (not in the agent's conversation)";

export interface ViewTurn {
  role: string;
  /** The ids of the turn's tool calls (undefined where the source gave none). */
  call_ids: (string | undefined)[];
  tool_call_id: string | null;
}

/** Turns left out of the agent's conversation: the turn's position, and why (one per call). */
export interface LeftOutTurn {
  turn: number;
  reason: string;
}

/**
 * The positions of the turns the agent's conversation leaves out, and one entry per user-side
 * tool call for the manifest. A tool result belongs to the user when it answers a user's call by
 * id, or has no known id and the latest calls before it were the user's.
 */
export function userSideTurns(turns: readonly ViewTurn[]): {
  hidden: Set<number>;
  left_out: LeftOutTurn[];
} {
  const hidden = new Set<number>();
  const left_out: LeftOutTurn[] = [];
  const callerOf = new Map<string, 'user' | 'assistant'>();
  let lastCaller: 'user' | 'assistant' | null = null;
  turns.forEach((turn, position) => {
    if ((turn.role === 'user' || turn.role === 'assistant') && turn.call_ids.length > 0) {
      const caller = turn.role;
      for (const id of turn.call_ids) if (id !== undefined) callerOf.set(id, caller);
      lastCaller = caller;
      if (caller === 'user') {
        hidden.add(position);
        for (let i = 0; i < turn.call_ids.length; i += 1) {
          left_out.push({ turn: position, reason: USER_TOOL_CALL_LEFT_OUT });
        }
      }
      return;
    }
    if (turn.role !== 'tool') return;
    const byId = turn.tool_call_id === null ? undefined : callerOf.get(turn.tool_call_id);
    if ((byId ?? lastCaller) === 'user') hidden.add(position);
  });
  return { hidden, left_out };
}

/** What a record holds of its trajectories' turns, for counting what was left out of it. */
export interface RecordExtent {
  /** A step record: the turns before this one (the prompt) and the step turn. */
  step_turn?: number;
  /** A prompt-only record (one per task): the turns before the first assistant turn. */
  prompt_only?: boolean;
}

/** The left-out reasons within the part of each trajectory a record holds. */
export function leftOutIn(
  trajectories: readonly {
    messages: readonly { role: string }[];
    message_turns?: number[];
    left_out?: LeftOutTurn[];
  }[],
  extent: RecordExtent,
): string[] {
  return trajectories.flatMap((trajectory) => {
    let end = Infinity;
    if (extent.step_turn !== undefined) end = extent.step_turn;
    else if (extent.prompt_only === true) {
      const first = trajectory.messages.findIndex((m) => m.role === 'assistant');
      end = first < 0 ? Infinity : (trajectory.message_turns?.[first] ?? first);
    }
    return (trajectory.left_out ?? []).filter((l) => l.turn < end).map((l) => l.reason);
  });
}
