import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readAllItems, tempDir, trajectoriesOf, writeJsonl } from '../../testing/test-support';
import { openaiChatFormat } from './openai-chat';
import { writeParquet } from '../../testing/parquet-rows-fixture';
import { trlGrpoFormat } from './trl-grpo';
import { verifiersFormat } from './verifiers';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

const demoLine = readFileSync('datasets/demo/demo.jsonl', 'utf8').split('\n')[0] ?? '';

function detect(format: typeof trlGrpoFormat, file: string): number {
  return format.detect({ path: file, head: readFileSync(file).toString('latin1', 0, 1 << 20) });
}

describe('trl-grpo completions (synthetic Parquet written by DuckDB, JSONL)', () => {
  it('reads text prompts/completions, sums reward columns, groups by step and prompt', async () => {
    const file = await writeParquet(
      path.join(tmp.dir, 'completions.parquet'),
      `SELECT * FROM (VALUES
        (10::BIGINT, 'What is 2+2?', '<think>add</think>4', 1.0, 1.0, 0.9),
        (10, 'What is 2+2?', '5', 0.0, 1.0, -0.9),
        (10, 'Name a color.', 'blue', 1.0, 'NaN'::DOUBLE, 0.0),
        (20, 'What is 2+2?', '4', 1.0, 0.0, 0.0)
      ) t(step, prompt, completion, accuracy_reward, format_reward, advantage)`,
    );
    expect(detect(trlGrpoFormat, file)).toBeGreaterThanOrEqual(0.85);
    expect(detect(openaiChatFormat, file)).toBe(0);
    const items = await readAllItems(trlGrpoFormat, file);
    const [a, b, c, d] = trajectoriesOf(items);
    expect(items.map((item) => item.line)).toEqual([1, 2, 3, 4]);
    expect(a?.turns.map((t) => [t.role, t.content])).toEqual([
      ['user', 'What is 2+2?'],
      ['assistant', '<think>add</think>4'],
    ]);
    // No `reward` column: the sum of the reward functions, NaN skipped.
    expect([a?.reward, b?.reward, c?.reward, d?.reward]).toEqual([2, 1, 1, 1]);
    expect(a?.success).toBeNull();
    expect(a?.metadata).toMatchObject({
      step: 10,
      advantage: 0.9,
      rewards: { accuracy_reward: 1, format_reward: 1 },
    });
    expect(c?.metadata?.rewards).toEqual({ accuracy_reward: 1, format_reward: null });
    expect(a?.group_id).toMatch(/^step-10:[0-9a-f]{12}$/);
    expect(b?.group_id).toBe(a?.group_id);
    expect(c?.group_id).not.toBe(a?.group_id);
    expect(d?.group_id).toMatch(/^step-20:/);
    expect(d?.task_id).toBe(a?.task_id);
    expect(a?.group_id).toBe(`step-10:${a?.task_id}`);
    expect([a?.sample_index, b?.sample_index, c?.sample_index, d?.sample_index]).toEqual([
      0, 1, 0, 0,
    ]);
    expect(new Set([a, b, c, d].map((t) => t?.source_id)).size).toBe(4);
  });

  it('reads conversational prompts (message lists) and prefers a logged reward column', async () => {
    const file = await writeParquet(
      path.join(tmp.dir, 'chat.parquet'),
      `SELECT 3 AS step,
        [{'role': 'system', 'content': 'Think first.'}, {'role': 'user', 'content': 'Hi'}] AS prompt,
        [{'role': 'assistant', 'content': 'Hello'}] AS completion,
        0.5::DOUBLE AS reward, 1.0::DOUBLE AS accuracy_reward, 0.1::DOUBLE AS advantage`,
    );
    const [t] = trajectoriesOf(await readAllItems(trlGrpoFormat, file));
    expect(t?.turns.map((turn) => turn.role)).toEqual(['system', 'user', 'assistant']);
    expect(t?.reward).toBe(0.5);
    expect(t?.metadata?.rewards).toEqual({ reward: 0.5, accuracy_reward: 1 });
  });

  it('reads JSONL with Python NaN and applies a reward_field override', async () => {
    const file = writeJsonl(path.join(tmp.dir, 'completions.jsonl'), [
      '{"step": 1, "prompt": "q", "completion": "a", "accuracy_reward": NaN, "len_reward": 0.2, "advantage": NaN}',
      {
        step: 1,
        prompt: 'q',
        completion: 'b',
        accuracy_reward: 1,
        len_reward: 0.1,
        advantage: 0.5,
      },
    ]);
    expect(detect(trlGrpoFormat, file)).toBeGreaterThanOrEqual(0.85);
    expect(detect(verifiersFormat, file)).toBeLessThan(0.5);
    const [a, b] = trajectoriesOf(await readAllItems(trlGrpoFormat, file));
    expect(a?.reward).toBe(0.2);
    expect(a?.metadata?.advantage).toBeNull();
    expect(b?.reward).toBeCloseTo(1.1);
    expect([a?.sample_index, b?.sample_index]).toEqual([0, 1]);
    const [c] = trajectoriesOf(
      await readAllItems(trlGrpoFormat, file, { reward_field: 'len_reward' }),
    );
    expect(c?.reward).toBe(0.2);
  });

  it('reports malformed rows with line and field, and goes on', async () => {
    const file = writeJsonl(path.join(tmp.dir, 'bad.jsonl'), [
      { step: 1, prompt: 'q', advantage: 0 },
      { step: 'late', prompt: 'q', completion: 'a' },
      { step: 1, prompt: [{ role: 'user' }, 'oops'], completion: 'a' },
      { step: 2, prompt: 'q', completion: 'a', reward: 1 },
    ]);
    const items = await readAllItems(trlGrpoFormat, file);
    expect(items.map((item) => [item.line, item.kind === 'error' ? item.reason : 'ok'])).toEqual([
      [1, 'completion: missing'],
      [2, 'step: expected an integer, got "late"'],
      [3, 'prompt[1]: expected a message object'],
      [4, 'ok'],
    ]);
    expect(trlGrpoFormat.detect({ path: 'demo.jsonl', head: demoLine })).toBe(0);
  });
});
