import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readAllItems, tempDir, trajectoriesOf, writeJsonl } from '../../testing/test-support';
import { openaiChatFormat } from './openai-chat';
import { trlGrpoFormat } from './trl-grpo';
import { verifiersFormat } from './verifiers';
import { redactTrajectory } from '../../secrets/redact-trajectory';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

const demoLine = readFileSync('datasets/demo/demo.jsonl', 'utf8').split('\n')[0] ?? '';

function rollout(example: number, sample: number): Record<string, unknown> {
  const solved = (example + sample) % 2 === 0;
  return {
    example_id: example,
    task: 'math-tools',
    prompt: [
      { role: 'system', content: 'Use the calculator.' },
      { role: 'user', content: `What is ${example} + 2?` },
    ],
    completion: [
      {
        role: 'assistant',
        content: '',
        tool_calls: [
          {
            id: `call_${sample}`,
            type: 'function',
            function: { name: 'calc', arguments: `{"expr": "${example}+2"}` },
          },
        ],
      },
      { role: 'tool', tool_call_id: `call_${sample}`, content: String(example + 2) },
      { role: 'assistant', content: solved ? String(example + 2) : 'not sure' },
    ],
    answer: String(example + 2),
    reward: solved ? 1 : 0,
    metrics: { correct_answer: solved ? 1 : 0, num_turns: 2 },
    info: { api_key: 'sk-abcdefghijklmnopqrstuvwxyz', split: 'test' },
  };
}

describe('verifiers results.jsonl (synthetic, no real sample exists)', () => {
  // Two examples, three rollouts each, interleaved as vf-eval may write them.
  const file = writeJsonl(path.join(tmp.dir, 'results.jsonl'), [
    rollout(0, 0),
    rollout(1, 0),
    rollout(0, 1),
    rollout(1, 1),
    rollout(0, 2),
    rollout(1, 2),
  ]);

  it('reads prompt then completion as turns, with tool calls, reward and metrics', async () => {
    const trajectories = trajectoriesOf(await readAllItems(verifiersFormat, file));
    expect(trajectories).toHaveLength(6);
    const first = trajectories[0];
    expect(first?.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(first?.turns[2]?.tool_calls).toEqual([
      { id: 'call_0', name: 'calc', arguments: '{"expr":"0+2"}' },
    ]);
    expect(first?.turns[2]?.is_action).toBe(true);
    expect(first?.turns[3]?.tool_call_id).toBe('call_0');
    expect(trajectories.map((t) => t.reward)).toEqual([1, 0, 0, 1, 1, 0]);
    expect(first?.success).toBeNull();
    expect(first?.metadata).toMatchObject({
      example_id: 0,
      task: 'math-tools',
      answer: '2',
      metrics: { correct_answer: 1, num_turns: 2 },
      info: { split: 'test' },
    });
    // The reader keeps the key; the import redacts it (secrets/redact-trajectory.ts).
    expect(first && redactTrajectory(first).trajectory.metadata).toMatchObject({
      info: { api_key: '[REDACTED:secret-named-field]' },
    });
    expect(first?.source_id).toBe('results-1');
  });

  it('groups rollouts by example and numbers them in file order', async () => {
    const trajectories = trajectoriesOf(await readAllItems(verifiersFormat, file));
    expect(trajectories.map((t) => [t.group_id, t.sample_index])).toEqual([
      ['0', 0],
      ['1', 0],
      ['0', 1],
      ['1', 1],
      ['0', 2],
      ['1', 2],
    ]);
    expect(trajectories.every((t) => t.task_id === t.group_id)).toBe(true);
  });

  it('reads plain-text prompt/completion and groups by the prompt without an example id', async () => {
    const text = writeJsonl(path.join(tmp.dir, 'text.jsonl'), [
      { prompt: 'Say hi', completion: 'hi', reward: 1 },
      { prompt: 'Say hi', completion: 'hello', reward: 0.5 },
      { prompt: 'Say bye', completion: 'bye', reward: true },
    ]);
    const [a, b, c] = trajectoriesOf(await readAllItems(verifiersFormat, text));
    expect(a?.turns.map((t) => [t.role, t.content])).toEqual([
      ['user', 'Say hi'],
      ['assistant', 'hi'],
    ]);
    expect(a?.group_id).toMatch(/^prompt-[0-9a-f]{12}$/);
    expect(b?.group_id).toBe(a?.group_id);
    expect(c?.group_id).not.toBe(a?.group_id);
    expect([a?.sample_index, b?.sample_index, c?.sample_index]).toEqual([0, 1, 0]);
    expect(c).toMatchObject({ reward: 1, success: true });
  });

  it('reports malformed records with line and field path', async () => {
    const bad = writeJsonl(path.join(tmp.dir, 'bad.jsonl'), [
      { prompt: [{ role: 'user', content: 'q' }] },
      { prompt: [{ role: 'narrator', content: 'q' }], completion: [] },
      { prompt: 'q', completion: 'a', reward: 'high' },
      'not json',
      rollout(3, 0),
    ]);
    const items = await readAllItems(verifiersFormat, bad);
    expect(items.map((item) => [item.line, item.kind === 'error' ? item.reason : 'ok'])).toEqual([
      [1, 'completion: missing'],
      [2, expect.stringMatching(/^prompt\[0\]\.role: unknown role "narrator"/)],
      [3, 'reward: expected a number or a boolean, got "high"'],
      [4, expect.stringMatching(/^invalid JSON/)],
      [5, 'ok'],
    ]);
  });

  it('detects results.jsonl, not turnwise, OpenAI chat or TRL logs', () => {
    const head = readFileSync(file, 'utf8');
    expect(verifiersFormat.detect({ path: file, head })).toBeGreaterThanOrEqual(0.85);
    expect(openaiChatFormat.detect({ path: file, head })).toBe(0);
    expect(trlGrpoFormat.detect({ path: file, head })).toBe(0);
    expect(verifiersFormat.detect({ path: 'demo.jsonl', head: demoLine })).toBe(0);
    const trl = JSON.stringify({ step: 1, prompt: 'q', completion: 'a', reward: 1, advantage: 0 });
    expect(verifiersFormat.detect({ path: 'trl.jsonl', head: trl })).toBeLessThan(0.5);
  });
});
