// tau2 full-duplex (voice) runs: the real run in fixtures/tau2-voice-run/ (tau2's own test data:
// speech activity per tick, no text), and its ticks with text, tool calls and results added the
// way tau2 records them (data_model/message.py Tick; tests/test_evaluate_trajectories.py).
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readAllItems, tempDir, trajectoriesOf } from '../../testing/test-support';
import { detectFormat } from '../registry';
import { tauBenchFormat } from './tau-bench';

const VOICE_RUN = path.join(import.meta.dirname, 'fixtures', 'tau2-voice-run');
const SIM = '49b22f0c-4a56-41c5-922f-bc2a56e53a23';

type Tick = Record<string, unknown> & { agent_chunk: Record<string, unknown> };
const simulation = () =>
  JSON.parse(readFileSync(path.join(VOICE_RUN, 'simulations', `${SIM}.json`), 'utf8')) as Record<
    string,
    unknown
  > & { ticks: Tick[] };

describe('tau2 voice (full-duplex) runs', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  /** The voice run with its one simulation replaced by `sim` (and more files when given). */
  function runWith(sim: unknown, extra: Record<string, string> = {}): string {
    const made = tempDir();
    cleanup = made.cleanup;
    const dir = path.join(made.dir, 'run');
    cpSync(VOICE_RUN, dir, { recursive: true });
    writeFileSync(path.join(dir, 'simulations', `${SIM}.json`), JSON.stringify(sim));
    for (const [name, text] of Object.entries(extra)) {
      writeFileSync(path.join(dir, 'simulations', name), text);
    }
    return path.join(dir, 'results.json');
  }

  it('reads the real run: who speaks in which ticks, as turns in order', async () => {
    const results = path.join(VOICE_RUN, 'results.json');
    expect((await detectFormat(results)).name).toBe('tau-bench');
    const [trajectory] = trajectoriesOf(await readAllItems(tauBenchFormat, results));
    expect(trajectory).toMatchObject({
      source_id: SIM,
      task_id: 'retail/40',
      model: 'openai:gpt-realtime-2',
      reward: null,
      success: null,
      metadata: { mode: 'full_duplex', termination_reason: 'user_stop' },
    });
    const [system, ...turns] = trajectory?.turns ?? [];
    expect(system).toMatchObject({
      role: 'system',
      metadata: { source: 'info.environment_info.policy' },
    });
    // The speech runs of the fixture's 360 ticks (contains_speech), counted from the file; the
    // agent interrupts the user at tick 306 and the user talks on to 354.
    expect(turns.map((t) => [t.role, t.metadata?.first_tick, t.metadata?.last_tick])).toEqual([
      ['user', 26, 81],
      ['assistant', 88, 99],
      ['user', 108, 152],
      ['assistant', 159, 164],
      ['assistant', 174, 190],
      ['user', 197, 230],
      ['assistant', 236, 299],
      ['assistant', 306, 308],
      ['user', 306, 354],
    ]);
    // tau2's test data keeps no text: the turns are empty rather than invented.
    expect(turns.every((t) => t.content === '' && t.tool_calls.length === 0)).toBe(true);
  });

  it('joins spoken text, places tool calls and results at their tick, keeps the reward', async () => {
    const sim = simulation();
    const { ticks } = sim;
    const say = (index: number, text: string) => {
      const tick = ticks[index];
      if (tick) tick.agent_chunk = { ...tick.agent_chunk, content: text, contains_speech: true };
    };
    say(88, 'Hello, ');
    say(89, 'how can I help?');
    const userTick = ticks[30];
    if (userTick) userTick.user_transcript = 'I want to exchange';
    const callTick = ticks[100];
    if (callTick) {
      callTick.agent_tool_calls = [
        { id: 'call_1', name: 'find_user_id_by_email', arguments: { email: 'a@b.c' } },
      ];
      callTick.agent_tool_results = [
        {
          id: 'call_1',
          role: 'tool',
          content: 'Error: user not found',
          requestor: 'assistant',
          error: true,
        },
      ];
    }
    sim.reward_info = { reward: 1 };
    const [trajectory] = trajectoriesOf(await readAllItems(tauBenchFormat, runWith(sim)));
    expect(trajectory?.reward).toBe(1);
    const turns = trajectory?.turns ?? [];
    const user = turns.find((t) => t.metadata?.first_tick === 26);
    expect(user?.metadata?.user_transcript).toBe('I want to exchange');
    const at = turns.findIndex((t) => t.metadata?.first_tick === 88);
    expect(turns.slice(at, at + 4).map((t) => [t.role, t.content])).toEqual([
      ['assistant', 'Hello, how can I help?'],
      ['assistant', ''],
      ['tool', 'Error: user not found'],
      ['user', ''],
    ]);
    expect(turns[at + 1]).toMatchObject({
      is_action: true,
      tool_calls: [{ id: 'call_1', name: 'find_user_id_by_email', arguments: '{"email":"a@b.c"}' }],
      metadata: { tick: 100 },
    });
    expect(turns[at + 2]).toMatchObject({
      tool_call_id: 'call_1',
      error: { kind: 'error' },
      metadata: { tick: 100, requestor: 'assistant' },
    });
  });

  it('reports a broken simulation with its tick and keeps the others', async () => {
    const broken = { ...simulation(), id: 'broken', ticks: [{ tick_id: 0, agent_chunk: 'loud' }] };
    const silent = { ...simulation(), id: 'silent', ticks: simulation().ticks.slice(0, 20) };
    const results = runWith(simulation(), {
      'broken.json': JSON.stringify(broken),
      'silent.json': JSON.stringify(silent),
    });
    const items = await readAllItems(tauBenchFormat, results);
    expect(items.map((item) => item.kind)).toEqual(['trajectory', 'error', 'error']);
    expect(items.flatMap((item) => (item.kind === 'error' ? [item.reason] : []))).toEqual([
      'simulations/broken.json: ticks[0].agent_chunk: expected an object',
      'simulations/silent.json: ticks: nobody speaks or calls a tool',
    ]);
  });
});
