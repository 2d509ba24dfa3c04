import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  readAllItems,
  samplePath,
  tempDir,
  trajectoriesOf,
  writeJsonl,
} from '../../testing/test-support';
import { nemoGymFormat } from './nemo-gym';

const sample = (name: string) => samplePath('nemo-gym', name);
const SAMPLES = [
  'competitive_coding_challenges.example_rollouts.WITH_TOKEN_LOGPROBS.jsonl',
  'example_mcp_weather.example_rollouts.jsonl',
  'example_multi_turn_gymnasium.example_rollouts.jsonl',
  'example_single_tool_call.example_rollouts.jsonl',
];

describe('nemo-gym reader on real rollouts', () => {
  it('reads token ids and policy log-probs of training-mode rollouts', async () => {
    const file = sample(SAMPLES[0] ?? '');
    const trajectories = trajectoriesOf(await readAllItems(nemoGymFormat, file));
    expect(trajectories).toHaveLength(5);
    // All five are rollouts of dataset task 0: one group.
    expect(new Set(trajectories.map((t) => t.group_id))).toEqual(new Set(['0']));
    expect(trajectories.map((t) => t.sample_index)).toEqual([1, 3, 4, 0, 2]);
    expect(trajectories.map((t) => t.reward)).toEqual([0, 0, 0, 0, 0]);
    expect(trajectories[0]?.success).toBeNull();
    const [user, assistant] = trajectories[0]?.turns ?? [];
    expect(user?.role).toBe('user');
    expect(user?.content).toMatch(/^You are an expert competitive programmer/);
    expect(assistant?.role).toBe('assistant');
    expect(assistant?.reasoning).toMatch(/^\nOkay, I need to solve this problem/);
    expect(assistant?.content).toMatch(/```cpp/);
    expect(assistant?.n_tokens).toBe(785);
    expect(assistant?.logprobs?.token_ids?.slice(0, 3)).toEqual([151667, 198, 32313]);
    expect(assistant?.logprobs?.logp_policy?.[0]).toBeCloseTo(-7.712543447269127e-5, 12);
    expect(assistant?.logprobs?.logp_policy).toHaveLength(785);
    expect(assistant?.logprobs?.logp_ref).toBeNull();
    expect(assistant?.metadata).toEqual({ n_prompt_tokens: 109 });
    expect(trajectories[0]?.metadata).toMatchObject({
      problem_id: 'makingmexes',
      _ng_task_index: 0,
    });
  });

  it('reads function calls and their outputs', async () => {
    const trajectories = trajectoriesOf(
      await readAllItems(nemoGymFormat, sample(SAMPLES[1] ?? '')),
    );
    expect(trajectories).toHaveLength(5);
    const turns = trajectories[0]?.turns ?? [];
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(turns[1]?.tool_calls).toEqual([
      { id: 'toolu_weather_paris', name: 'get_weather', arguments: '{"city":"Paris"}' },
    ]);
    expect(turns[1]?.is_action).toBe(true);
    expect(turns[2]?.tool_call_id).toBe('toolu_weather_paris');
    expect(turns[3]?.content).toBe('The weather in Paris is sunny and 72 F.');
    expect(trajectories[0]?.model).toBe('claude-sonnet-4-6');
    expect(trajectories[0]?.reward).toBe(1);
    // No task field: grouped by a hash of the prompt.
    expect(trajectories[0]?.task_id).toMatch(/^prompt-[0-9a-f]{12}$/);
    expect(trajectories[0]?.metadata).toMatchObject({ tool_call_seen: true });
  });

  it('keeps multi-turn user messages from the output and the developer prompt', async () => {
    const gym = trajectoriesOf(await readAllItems(nemoGymFormat, sample(SAMPLES[2] ?? '')));
    expect(gym.map((t) => t.task_id)).toEqual(['4', '3', '1', '0', '2']);
    expect(gym[3]?.turns.map((t) => t.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(gym[0]?.metadata).toMatchObject({ terminated: true, truncated: false });
    const single = trajectoriesOf(await readAllItems(nemoGymFormat, sample(SAMPLES[3] ?? '')));
    expect(single[0]?.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant']);
    expect(single[2]?.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(single[0]?.tools).toHaveLength(1);
  });

  it('detects every sample and not a turnwise line', () => {
    for (const name of SAMPLES) {
      const head = readFileSync(sample(name))
        .subarray(0, 1 << 20)
        .toString('utf8');
      expect(nemoGymFormat.detect({ path: sample(name), head })).toBeGreaterThanOrEqual(0.85);
      const cut = head.split('\n')[0]?.slice(0, 4000) ?? '';
      expect(nemoGymFormat.detect({ path: sample(name), head: cut })).toBeGreaterThanOrEqual(0.85);
    }
    const demo = path.resolve(import.meta.dirname, '../../../datasets/demo/demo.jsonl');
    const line = readFileSync(demo, 'utf8').split('\n')[0] ?? '';
    expect(nemoGymFormat.detect({ path: demo, head: line })).toBeLessThan(0.5);
  });
});

describe('nemo-gym reader on synthetic rollouts', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  const rollout = (extra: Record<string, unknown>) => ({
    responses_create_params: { input: [{ role: 'user', content: 'fix it' }] },
    response: {
      model: 'm',
      output: [
        { type: 'reasoning', summary: [{ type: 'summary_text', text: 'look first' }] },
        {
          type: 'function_call',
          call_id: 'c1',
          name: 'bash',
          arguments: '{"cmd": "ls"}',
          generation_token_ids: [5, 6],
          generation_log_probs: [-0.5, -0.25],
        },
        { type: 'function_call_output', call_id: 'c1', output: 'a.py' },
      ],
    },
    ...extra,
  });

  it('honours field overrides and resolved, and reports bad lines', async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const file = writeJsonl(path.join(temp.dir, 'r.jsonl'), [
      rollout({ resolved: true, reward: 1, meta: { task: 'swe-1', score: 0.5 } }),
      '{"responses_create_params": ',
      rollout({
        meta: { task: 't', score: 1 },
        response: { output: [{ type: 'message', role: 'robot', content: 'x' }] },
      }),
      rollout({ meta: { task: 't', score: 'high' } }),
      rollout({ meta: { score: 1 } }),
    ]);
    const items = await readAllItems(nemoGymFormat, file, {
      task_field: 'meta.task',
      reward_field: 'meta.score',
    });
    expect(items[0]).toMatchObject({
      kind: 'trajectory',
      line: 1,
      trajectory: { task_id: 'swe-1', group_id: 'swe-1', reward: 0.5, success: true },
    });
    const turns = items[0]?.kind === 'trajectory' ? items[0].trajectory.turns : [];
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant', 'tool']);
    expect(turns[1]).toMatchObject({
      reasoning: 'look first',
      is_action: true,
      tool_calls: [{ id: 'c1', name: 'bash', arguments: '{"cmd":"ls"}' }],
      logprobs: { token_ids: [5, 6], logp_policy: [-0.5, -0.25], logp_ref: null },
      n_tokens: 2,
    });
    expect(items[1]).toMatchObject({ kind: 'error', line: 2 });
    expect(items[2]).toEqual({
      kind: 'error',
      line: 3,
      reason: 'response.output[0].role: unknown role "robot"',
    });
    expect(items[3]).toEqual({ kind: 'error', line: 4, reason: 'meta.score: expected a number' });
    expect(items[4]).toEqual({
      kind: 'error',
      line: 5,
      reason: 'meta.task: missing (named by an import option)',
    });
  });

  it('reads output items saved as JSON text, and refuses text that is no item', async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const [reasoning, call, output] = rollout({}).response.output;
    const asText = rollout({
      response: { output: [reasoning, JSON.stringify(call), JSON.stringify(output)] },
    });
    const garbled = rollout({ response: { output: [reasoning, 'bash(ls'] } });
    const file = writeJsonl(path.join(temp.dir, 'r.jsonl'), [asText, garbled]);
    const items = await readAllItems(nemoGymFormat, file);
    const turns = items[0]?.kind === 'trajectory' ? items[0].trajectory.turns : [];
    expect(turns.map((t) => [t.role, t.tool_calls.length, t.tool_call_id])).toEqual([
      ['user', 0, null],
      ['assistant', 1, null],
      ['tool', 0, 'c1'],
    ]);
    expect(items[1]).toEqual({
      kind: 'error',
      line: 2,
      reason: 'response.output[1]: expected an item object',
    });
  });
});
