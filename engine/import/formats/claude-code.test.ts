import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readAllItems, tempDir, trajectoriesOf } from '../../testing/test-support';
import { claudeCodeFormat } from './claude-code';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', 'claude-code', name);
const V1 = fixture('5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl');
const V2_MAIN = fixture('incremental-subagents/turn-1.jsonl');
const V2_AGENT = fixture('incremental-subagents/turn-1/subagents/agent-a485154.head20.jsonl');
const V2_0 = fixture('4c2ddfdc-b619-4525-8d03-1950fb1b0257.jsonl');
const WARMUP = fixture('agent-50243ee8.jsonl');

describe('claude-code reader on real sessions', () => {
  it('splits 1.0.x inline sidechains into linked trajectories (1.0.108)', async () => {
    const items = await readAllItems(claudeCodeFormat, V1);
    expect(items.filter((item) => item.kind !== 'trajectory')).toEqual([]);
    const [main, first, second] = trajectoriesOf(items);
    const session = '5c0375b4-57a5-4f26-b12d-d022ee4e51b7';
    expect([main?.source_id, first?.source_id, second?.source_id]).toEqual([
      session,
      `${session}/sidechain-1`,
      `${session}/sidechain-2`,
    ]);
    expect(main?.turns).toHaveLength(25);
    expect(first?.turns.map((t) => t.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(second?.turns).toHaveLength(14);
    expect(main?.metadata).toMatchObject({
      version: '1.0.108',
      child_trajectory_ids: [`${session}/sidechain-1`, `${session}/sidechain-2`],
    });
    expect(first?.metadata).toMatchObject({ sidechain: true, parent_trajectory_id: session });
    // Lines 12-14 are one API message: three tool uses in one assistant turn.
    const parallel = main?.turns[8];
    expect(parallel?.tool_calls.map((c) => c.name)).toEqual(['Task', 'Task', 'TodoWrite']);
    expect(parallel?.n_tokens).toBe(625);
    // Each result pairs with its call by id; the Task results name the sidechain they ran.
    const results = main?.turns.slice(9, 12) ?? [];
    expect(results.map((t) => t.tool_call_id)).toEqual(parallel?.tool_calls.map((c) => c.id));
    expect(results[0]?.error?.kind).toBe('parsing');
    expect(results[1]?.metadata?.subagent_trajectory_id).toBe(`${session}/sidechain-1`);
    expect(main?.turns[13]?.metadata?.subagent_trajectory_id).toBe(`${session}/sidechain-2`);
    expect(first?.turns[0]?.content).toMatch(/^Examine the package.json file/);
    expect(main?.turns[17]?.error).toMatchObject({ kind: 'error' });
    expect(main?.turns[17]?.content).toMatch(/File has not been read yet/);
    expect(second?.turns[6]?.error?.message).toMatch(/^lsd: 3: No such file/);
    expect(main?.turns[1]?.metadata).toMatchObject({ isMeta: true });
  });

  it('reads 2.x thinking and links a Task to its agent file (2.1.7)', async () => {
    const items = await readAllItems(claudeCodeFormat, V2_MAIN);
    const [main] = trajectoriesOf(items);
    const session = 'e9fb405b-169f-40eb-9396-7e75076f045d';
    expect(main?.source_id).toBe(session);
    expect(main?.model).toBe('claude-sonnet-4-5-20250929');
    expect(main?.turns).toHaveLength(14);
    const first = main?.turns[1];
    expect(first?.reasoning).toMatch(/^The user is asking me to analyze existing CLI commands/);
    expect(first?.content).toMatch(/^I'll use the solution-architect agent/);
    expect(first?.tool_calls.map((c) => c.name)).toEqual(['Task']);
    expect(main?.turns[2]).toMatchObject({
      role: 'tool',
      tool_call_id: first?.tool_calls[0]?.id,
      metadata: { agentId: 'a485154', subagent_trajectory_id: `${session}/agent-a485154` },
    });
    expect(main?.metadata).toMatchObject({
      summaries: ['Metrics Calculations Verification and Discrepancy Analysis'],
      child_trajectory_ids: [`${session}/agent-a485154`],
      other_events: { 'file-history-snapshot': 1 },
    });
    // The session's last line is a tool use whose result the file does not hold.
    expect(main?.turns.at(-1)).toMatchObject({ role: 'assistant', is_action: true });

    const [agent] = trajectoriesOf(await readAllItems(claudeCodeFormat, V2_AGENT));
    expect(agent?.source_id).toBe(`${session}/agent-a485154`);
    expect(agent?.metadata).toMatchObject({ agent_id: 'a485154', parent_trajectory_id: session });
    expect(agent?.turns[1]?.tool_calls).toHaveLength(4);
    // Parallel results come back in their own order, each paired by id.
    const calls = agent?.turns[1]?.tool_calls.map((c) => c.id).sort();
    expect(
      agent?.turns
        .slice(2, 6)
        .map((t) => t.tool_call_id)
        .sort(),
    ).toEqual(calls);
  });

  it('reads a 2.0.x session and its warmup agent file (2.0.64)', async () => {
    const [main] = trajectoriesOf(await readAllItems(claudeCodeFormat, V2_0));
    expect(main?.turns.filter((t) => t.role === 'user').map((t) => t.content)).toEqual([
      'create hello.py, md and js',
      'update py with one liner comment',
      'delete js',
    ]);
    expect(main?.turns.filter((t) => t.is_action)).toHaveLength(4);
    expect(main?.metadata?.child_trajectory_ids).toBeUndefined();
    const [warmup] = trajectoriesOf(await readAllItems(claudeCodeFormat, WARMUP));
    expect(warmup?.source_id).toBe('4c2ddfdc-b619-4525-8d03-1950fb1b0257/agent-50243ee8');
    expect(warmup?.turns.map((t) => t.content.slice(0, 6))).toEqual(['Warmup', "I'm Cl"]);
  });

  it('detects the sessions, and not other formats', () => {
    for (const file of [V1, V2_MAIN, V2_AGENT, V2_0, WARMUP]) {
      const head = readFileSync(file, 'utf8').slice(0, 1 << 20);
      expect(claudeCodeFormat.detect({ path: file, head })).toBeGreaterThanOrEqual(0.9);
    }
    const nemo = path.join(import.meta.dirname, 'fixtures/nemo-gym');
    const anyswe = path.join(nemo, 'anyswe_claude_code.example_rollouts.head1.jsonl');
    const head = readFileSync(anyswe, 'utf8');
    expect(claudeCodeFormat.detect({ path: anyswe, head })).toBe(0);
    expect(claudeCodeFormat.detect({ path: 'x.json', head: readFileSync(V1, 'utf8') })).toBe(0);
  });
});

describe('claude-code reader on bad lines', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('keeps the session and lists each bad line with its reason', async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const lines = readFileSync(V2_0, 'utf8').split('\n');
    lines[2] = '{"type": "assistant", "message": ';
    lines[14] = '{"type":"user","sessionId":"s","message":{"content":[{"type":"tool_result"}]}}';
    const file = path.join(temp.dir, 'broken.jsonl');
    writeFileSync(file, lines.join('\n'));
    const items = await readAllItems(claudeCodeFormat, file);
    expect(items.filter((item) => item.kind === 'error')).toEqual([]);
    expect(items.filter((item) => item.kind === 'dropped')).toEqual([
      { kind: 'dropped', line: 3, reason: expect.stringMatching(/^line left out: invalid JSON/) },
      {
        kind: 'dropped',
        line: 15,
        reason: 'line left out: message.content[0].tool_use_id: expected a string',
      },
    ]);
    const [main] = trajectoriesOf(items);
    // The message's text line is gone, its tool uses stay; the user's second request is gone.
    expect(main?.turns[1]).toMatchObject({ content: '', is_action: true });
    expect(main?.turns).toHaveLength(15);
    expect(main?.turns.some((t) => t.content === 'update py with one liner comment')).toBe(false);
  });

  it('notes a file of summary lines only instead of failing', async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const file = path.join(temp.dir, 'summary.jsonl');
    writeFileSync(file, '{"type":"summary","summary":"Old chat","leafUuid":"u1"}\n');
    expect(await readAllItems(claudeCodeFormat, file)).toEqual([
      { kind: 'dropped', line: 1, reason: 'the session holds no conversation' },
    ]);
  });
});
