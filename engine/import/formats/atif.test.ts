import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readAllItems, samplePath, tempDir, trajectoriesOf } from '../../testing/test-support';
import { atifFormat } from './atif';
import { redactTrajectory } from '../../secrets/redact-trajectory';

const sample = (name: string) => samplePath('atif-harbor', name);
const SAMPLES = [
  'harbor_openhands.json',
  'harbor_terminus2_timeout.json',
  'multi_tool_trajectory.json',
  'subagent_trajectories.json',
];

describe('atif reader on real trajectories', () => {
  it('reads agent steps, tool calls and observations (v1.5 OpenHands)', async () => {
    const [trajectory] = trajectoriesOf(await readAllItems(atifFormat, sample(SAMPLES[0] ?? '')));
    expect(trajectory?.source_id).toBe('harbor-openhands-hello-world');
    expect(trajectory?.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'system',
      'system',
      'assistant',
      'tool',
      'assistant',
    ]);
    const action = trajectory?.turns[4];
    expect(action?.tool_calls).toEqual([
      {
        id: 'call_fake_1',
        name: 'str_replace_editor',
        arguments:
          '{"command":"create","file_text":"Hello, world!","path":"/app/hello.txt","security_risk":"LOW"}',
      },
    ]);
    expect(action?.is_action).toBe(true);
    expect(action?.n_tokens).toBe(50);
    expect(trajectory?.turns[5]).toMatchObject({
      tool_call_id: 'call_fake_1',
      content: 'File created successfully at: /app/hello.txt',
    });
    expect(trajectory?.tools).toHaveLength(6);
    expect(trajectory?.reward).toBeNull();
    expect(trajectory?.success).toBeNull();
    expect(trajectory?.metadata).toMatchObject({
      schema_version: 'ATIF-v1.5',
      agent: { name: 'openhands', version: '1.1.0' },
      final_metrics: { total_prompt_tokens: 220 },
    });
  });

  it('reads per-token ids and log-probs from step metrics (v1.6 Terminus 2)', async () => {
    const [trajectory] = trajectoriesOf(await readAllItems(atifFormat, sample(SAMPLES[1] ?? '')));
    expect(trajectory?.model).toBe('openai/gpt-4o');
    const first = trajectory?.turns[1];
    expect(first?.role).toBe('assistant');
    expect(first?.n_tokens).toBe(55);
    expect(first?.logprobs?.token_ids?.slice(0, 3)).toEqual([60000, 60001, 60002]);
    expect(first?.logprobs?.logp_policy?.slice(0, 3)).toEqual([-0, -0.01, -0.02]);
    expect(first?.logprobs?.logp_ref).toBeNull();
    expect(first?.metadata).toMatchObject({ metrics: { n_prompt_token_ids: 682 } });
    // Results without source_call_id pair with the step's single call.
    expect(trajectory?.turns[2]).toMatchObject({ role: 'tool', tool_call_id: 'call_0_1' });
    expect(trajectory?.turns).toHaveLength(7);
  });

  it('reads parallel tool calls and reasoning (v1.4)', async () => {
    const [trajectory] = trajectoriesOf(await readAllItems(atifFormat, sample(SAMPLES[2] ?? '')));
    const turns = trajectory?.turns ?? [];
    expect(turns[1]?.tool_calls.map((c) => c.name)).toEqual([
      'financial_search',
      'financial_search',
      'news_search',
    ]);
    expect(turns[1]?.reasoning).toMatch(/^The user wants two things/);
    expect(turns.slice(2, 5).map((t) => t.tool_call_id)).toEqual([
      'call_fin_aapl',
      'call_fin_msft',
      'call_news',
    ]);
    expect(turns[5]?.role).toBe('system');
    expect(turns.at(-1)).toMatchObject({ role: 'assistant', is_action: false });
  });

  it('links a {parent, child} pair', async () => {
    const [parent, child] = trajectoriesOf(
      await readAllItems(atifFormat, sample(SAMPLES[3] ?? '')),
    );
    expect(parent?.source_id).toBe('sess-parent-001');
    expect(parent?.metadata?.child_trajectory_ids).toEqual(['sess-child-summary-001']);
    expect(parent?.turns[2]?.metadata?.subagent_trajectory_ref).toEqual([
      { session_id: 'sess-child-summary-001' },
    ]);
    expect(child?.source_id).toBe('sess-child-summary-001');
    expect(child?.metadata?.parent_trajectory_id).toBe('sess-parent-001');
    expect(child?.model).toBe('gpt-4o-mini');
    expect(child?.turns.map((t) => t.role)).toEqual(['user', 'system', 'assistant']);
  });

  it('detects every sample and not a turnwise line', () => {
    for (const name of SAMPLES) {
      const head = readFileSync(sample(name), 'utf8').slice(0, 1 << 20);
      expect(atifFormat.detect({ path: sample(name), head })).toBeGreaterThanOrEqual(0.85);
    }
    const demo = path.resolve(import.meta.dirname, '../../../datasets/demo/demo.jsonl');
    const line = readFileSync(demo, 'utf8').split('\n')[0] ?? '';
    expect(atifFormat.detect({ path: demo, head: line })).toBeLessThan(0.5);
    expect(atifFormat.detect({ path: 'x.json', head: line })).toBeLessThan(0.5);
  });
});

describe('atif reader on synthetic trajectories', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  const step = (id: number, source: string, extra: Record<string, unknown> = {}) => ({
    step_id: id,
    source,
    message: `${source} ${id}`,
    ...extra,
  });

  it('splits v1.7 embedded subagents and reads an explicit reward', async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const file = path.join(temp.dir, 'v17.json');
    const doc = {
      schema_version: 'ATIF-v1.7',
      session_id: 'main',
      agent: { name: 'a', version: '1', model_name: 'm', extra: { api_key: 'sk-secret' } },
      extra: { task_id: 'hello-world', reward: 1, success: true },
      steps: [step(1, 'user'), step(2, 'agent')],
      subagent_trajectories: [
        {
          schema_version: 'ATIF-v1.7',
          trajectory_id: 'sub-a',
          agent: { name: 's' },
          steps: [step(1, 'agent')],
        },
        {
          schema_version: 'ATIF-v1.7',
          agent: { name: 's' },
          steps: [{ step_id: 1, source: 'bot' }],
        },
      ],
    };
    writeFileSync(file, JSON.stringify(doc));
    const items = await readAllItems(atifFormat, file);
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({
      kind: 'trajectory',
      trajectory: {
        source_id: 'main',
        task_id: 'hello-world',
        group_id: 'hello-world',
        reward: 1,
        success: true,
        metadata: {
          child_trajectory_ids: ['sub-a', 'main/subagent-1'],
        },
      },
    });
    // The reader keeps the key; the import redacts it (secrets/redact-trajectory.ts).
    const first = items[0]?.kind === 'trajectory' ? items[0].trajectory : undefined;
    expect(first && redactTrajectory(first).trajectory.metadata).toMatchObject({
      agent: { extra: { api_key: '[REDACTED:secret-named-field]' } },
    });
    expect(items[1]).toMatchObject({
      kind: 'trajectory',
      trajectory: { source_id: 'sub-a', metadata: { parent_trajectory_id: 'main' } },
    });
    expect(items[2]).toEqual({
      kind: 'error',
      line: 1,
      reason: 'subagent_trajectories[1]: steps[0].source: unknown source "bot"',
    });
    const [overridden] = await readAllItems(atifFormat, file, { reward_field: 'extra.score' });
    expect(overridden).toEqual({
      kind: 'error',
      line: 1,
      reason: 'extra.score: missing (named by an import option)',
    });
  });

  it('reports mismatched log-probs and invalid JSON with their place', async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const file = path.join(temp.dir, 'bad.json');
    const metrics = { completion_token_ids: [1, 2, 3], logprobs: [-0.1, -0.2] };
    writeFileSync(
      file,
      JSON.stringify({
        schema_version: 'ATIF-v1.6',
        steps: [step(1, 'user'), step(2, 'agent', { metrics })],
      }),
    );
    expect(await readAllItems(atifFormat, file)).toEqual([
      {
        kind: 'error',
        line: 1,
        reason: 'steps[1].metrics: completion_token_ids and logprobs differ in length (3 vs 2)',
      },
    ]);
    writeFileSync(file, '{\n  "schema_version": "ATIF-v1.6",\n  "steps": [\n    {,\n  ]\n}');
    const [item] = await readAllItems(atifFormat, file);
    expect(item).toMatchObject({ kind: 'error', line: 4 });
  });
});
