import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readAllItems, samplePath, tempDir, trajectoriesOf } from '../../testing/test-support';
import { tauBenchFormat } from './tau-bench';
import { TELECOM_POLICY, tau2TelecomResults } from './tau2-test-results';

const airline = samplePath('tau-bench', 'gpt-4o-airline.subset4.json');

describe('tau-bench reader', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('reads tau-bench records with their line, outcome and tool calls', async () => {
    const items = await readAllItems(tauBenchFormat, airline);
    const trajectories = trajectoriesOf(items);
    expect(trajectories.map((t) => t.task_id)).toEqual([
      'airline/6',
      'airline/11',
      'airline/0',
      'airline/1',
    ]);
    expect(trajectories.map((t) => t.group_id)).toEqual(trajectories.map((t) => t.task_id));
    expect(trajectories.map((t) => t.sample_index)).toEqual([0, 0, 0, 0]);
    expect(trajectories.map((t) => t.reward)).toEqual([1, 1, 0, 0]);
    // No verdict besides the reward: the dataset's outcome rule decides success.
    expect(trajectories.map((t) => t.success)).toEqual([null, null, null, null]);
    expect(trajectories[0]?.source_id).toBe('airline/6:trial0');
    // Each record reports the line its object starts on.
    const lines = readFileSync(airline, 'utf8').split('\n');
    for (const item of items) expect(lines[item.line - 1]).toBe('  {');
    expect(items[0]?.line).toBe(2);
    const turns = trajectories[0]?.turns ?? [];
    expect(turns).toHaveLength(24);
    expect(turns.slice(0, 3).map((t) => t.role)).toEqual(['system', 'user', 'assistant']);
    expect(turns[4]?.tool_calls).toEqual([
      {
        id: 'call_ztbxGlsMpczBygT2okQo2s7W',
        name: 'get_user_details',
        arguments: '{"user_id":"aarav_garcia_1177"}',
      },
    ]);
    expect(turns[4]?.is_action).toBe(true);
    expect(turns[5]).toMatchObject({ role: 'tool', tool_call_id: 'call_ztbxGlsMpczBygT2okQo2s7W' });
    expect(trajectories[0]?.metadata).toMatchObject({
      domain: 'airline',
      reward_info: { reward: 1 },
      task: { user_id: 'aarav_garcia_1177' },
    });
  });

  it('reads tau2-bench simulations, opens them with the policy, keeps user tool calls', async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const file = path.join(temp.dir, 'results.json');
    writeFileSync(file, JSON.stringify(tau2TelecomResults(), null, 2));
    const items = await readAllItems(tauBenchFormat, file);
    const [first, second] = trajectoriesOf(items);
    expect(first).toMatchObject({
      source_id: 'sim-1',
      task_id: 'telecom/t1',
      group_id: 'telecom/t1',
      sample_index: 1,
      model: 'claude-3-7',
      reward: 1,
      success: null,
    });
    expect(second).toMatchObject({ sample_index: 0, reward: 0, success: null });
    const turns = first?.turns ?? [];
    expect(turns.map((t) => t.role)).toEqual([
      'system',
      'assistant',
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
      'tool',
      'user',
    ]);
    // The agent's system prompt is the run's domain policy, in every simulation.
    for (const trajectory of [first, second]) {
      expect(trajectory?.turns[0]).toMatchObject({
        role: 'system',
        content: TELECOM_POLICY,
        metadata: { source: 'info.environment_info.policy' },
      });
    }
    expect(turns[1]?.content).toBe('Hi! How can I help you today?');
    expect(turns[3]?.is_action).toBe(true);
    expect(turns[3]?.tool_calls).toEqual([
      { id: 'a1', name: 'get_customer_by_phone', arguments: '{"phone_number":"555-123-2002"}' },
    ]);
    expect(turns[4]).toMatchObject({ tool_call_id: 'a1', metadata: { requestor: 'assistant' } });
    expect(turns[6]).toMatchObject({
      role: 'user',
      is_action: false,
      tool_calls: [{ id: 'u1', name: 'toggle_airplane_mode', arguments: '{}' }],
      metadata: { requestor: 'user' },
    });
    expect(turns[7]).toMatchObject({ tool_call_id: 'u1', metadata: { requestor: 'user' } });
    expect(first?.metadata).toMatchObject({
      termination_reason: 'user_stop',
      user_model: 'gpt-4.1',
    });
    const text = readFileSync(file, 'utf8').split('\n');
    expect(text[(items[0]?.line ?? 0) - 1]).toBe('    {');
    expect(text[items[0]?.line ?? 0]).toContain('"id": "sim-1"');
  });

  it("takes a simulation's own policy over the run's, and never adds a second system turn", async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const results = tau2TelecomResults();
    const [one, two] = results.simulations as Record<string, unknown>[];
    if (one === undefined || two === undefined) throw new Error('fixture changed');
    one.policy = 'Knowledge policy';
    two.messages = [{ role: 'system', content: 'Own prompt' }, ...(two.messages as unknown[])];
    const file = path.join(temp.dir, 'results.json');
    writeFileSync(file, JSON.stringify(results));
    const [first, second] = trajectoriesOf(await readAllItems(tauBenchFormat, file));
    expect(first?.turns[0]).toMatchObject({
      content: 'Knowledge policy',
      metadata: { source: 'policy' },
    });
    expect(second?.turns.filter((t) => t.role === 'system').map((t) => t.content)).toEqual([
      'Own prompt',
    ]);
  });

  it('reports a bad record at its line and reads on', async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const file = path.join(temp.dir, 'retail.json');
    const records = JSON.parse(readFileSync(airline, 'utf8')) as Record<string, unknown>[];
    const bad = { ...records[1], traj: [{ role: 'robot', content: 'x' }] };
    writeFileSync(file, JSON.stringify([records[0], bad, records[2]], null, 2));
    const items = await readAllItems(tauBenchFormat, file);
    expect(items.map((i) => i.kind)).toEqual(['trajectory', 'error', 'trajectory']);
    const lines = readFileSync(file, 'utf8').split('\n');
    const badLine = lines.findIndex((l, i) => i > 1 && l === '  {') + 1;
    expect(items[1]).toMatchObject({ line: badLine });
    expect(items[1]?.kind === 'error' && items[1].reason).toMatch(
      /^records\[1\]: traj\[0\]\.role: unknown role "robot"/,
    );
    expect(items[0]?.kind === 'trajectory' && items[0].trajectory.task_id).toBe('retail/6');
  });

  it('detects tau and tau2 results but not a turnwise line', () => {
    const head = readFileSync(airline, 'utf8').slice(0, 1 << 20);
    expect(tauBenchFormat.detect({ path: airline, head })).toBeGreaterThanOrEqual(0.85);
    const tau2 = JSON.stringify(tau2TelecomResults(), null, 2);
    expect(tauBenchFormat.detect({ path: 'r.json', head: tau2 })).toBeGreaterThanOrEqual(0.85);
    const demo = path.resolve(import.meta.dirname, '../../../datasets/demo/demo.jsonl');
    const line = readFileSync(demo, 'utf8').split('\n')[0] ?? '';
    expect(tauBenchFormat.detect({ path: demo, head: line })).toBeLessThan(0.5);
    expect(tauBenchFormat.detect({ path: 'x.json', head: line })).toBeLessThan(0.5);
  });
});
