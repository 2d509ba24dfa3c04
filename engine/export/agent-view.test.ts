// Which turns the agent's conversation leaves out, and the messages built without them: a
// simulated user's tool calls and the results answering them, matched by id or, without one,
// by being the latest calls; the agent's results keep the agent's tool names.
import { describe, expect, it } from 'vitest';
import { USER_TOOL_CALL_LEFT_OUT, userSideTurns } from './agent-view';
import { messagesOf } from './chat-messages';

type Turn = { role: string; content: string; calls?: string[]; id?: string | null };

function stored(turns: Turn[]) {
  return turns.map((t) => ({
    role: t.role,
    content: t.content,
    tool_calls: JSON.stringify(
      (t.calls ?? []).map((name, i) => ({ id: `${name}-${i}`, name, arguments: '{}' })),
    ),
    tool_call_id: t.id ?? null,
  }));
}

const TURNS: Turn[] = [
  { role: 'system', content: 'policy' },
  { role: 'assistant', content: 'Hi' },
  { role: 'user', content: 'No signal' },
  { role: 'assistant', content: '', calls: ['get_line'] },
  { role: 'user', content: 'let me check', calls: ['check_status_bar', 'toggle_data'] },
  { role: 'tool', content: 'status', id: 'check_status_bar-0' },
  { role: 'tool', content: 'data on', id: null },
  // The agent's result arrives after the user's calls: matched by id, it keeps its name.
  { role: 'tool', content: 'active', id: 'get_line-0' },
  { role: 'user', content: 'fixed' },
];

describe('the agent view', () => {
  it("leaves out a user's tool calls with their results, one count per call", () => {
    const view = stored(TURNS).map((t) => ({
      role: t.role,
      call_ids: (JSON.parse(t.tool_calls) as { id: string }[]).map((c) => c.id),
      tool_call_id: t.tool_call_id,
    }));
    const { hidden, left_out } = userSideTurns(view);
    expect([...hidden].sort()).toEqual([4, 5, 6]);
    expect(left_out).toEqual([
      { turn: 4, reason: USER_TOOL_CALL_LEFT_OUT },
      { turn: 4, reason: USER_TOOL_CALL_LEFT_OUT },
    ]);
  });

  it('builds messages without them, each tool result named by its own call', () => {
    const { messages, message_turns, left_out } = messagesOf(stored(TURNS));
    expect(message_turns).toEqual([0, 1, 2, 3, 7, 8]);
    expect(left_out).toHaveLength(2);
    expect(messages).toEqual([
      { role: 'system', content: 'policy' },
      { role: 'assistant', content: 'Hi' },
      { role: 'user', content: 'No signal' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [{ type: 'function', function: { name: 'get_line', arguments: {} } }],
      },
      { role: 'tool', name: 'get_line', content: 'active' },
      { role: 'user', content: 'fixed' },
    ]);
  });

  it('keeps every turn of a conversation without user-side calls', () => {
    const plain = TURNS.filter((_, i) => i < 4 || i === 7);
    const { messages, message_turns, left_out } = messagesOf(stored(plain));
    expect(message_turns).toEqual([0, 1, 2, 3, 4]);
    expect(left_out).toEqual([]);
    expect(messages.at(-1)).toEqual({ role: 'tool', name: 'get_line', content: 'active' });
  });
});
