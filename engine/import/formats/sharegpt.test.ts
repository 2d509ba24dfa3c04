import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  readAllItems,
  samplePath,
  tempDir,
  trajectoriesOf,
  writeJsonl,
} from '../../testing/test-support';
import { sharegptFormat } from './sharegpt';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

const glaive = samplePath('sharegpt', 'llamafactory_glaive_toolcall_en_demo.json');
const datasetInfo = samplePath('sharegpt', 'llamafactory_dataset_info.json');
const demoLine = readFileSync('datasets/demo/demo.jsonl', 'utf8').split('\n')[0] ?? '';

function detect(file: string): number {
  return sharegptFormat.detect({ path: file, head: readFileSync(file, 'utf8').slice(0, 1 << 20) });
}

describe('sharegpt: LLaMA-Factory glaive tool-call demo (real sample)', () => {
  it('reads all 300 conversations with tool calls answered by observations', async () => {
    const items = await readAllItems(sharegptFormat, glaive);
    const trajectories = trajectoriesOf(items);
    expect(trajectories).toHaveLength(300);
    const first = trajectories[0];
    expect(first?.turns.map((t) => t.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
      'assistant',
    ]);
    const call = first?.turns[3];
    expect(call?.is_action).toBe(true);
    expect(call?.content).toBe('');
    expect(call?.tool_calls).toEqual([
      {
        id: 'call_3_0',
        name: 'search_recipes',
        arguments: '{"ingredients":["chicken","bell peppers","rice"]}',
      },
    ]);
    expect(first?.turns[4]?.tool_call_id).toBe('call_3_0');
    expect(first?.turns[4]?.content).toContain('Chicken and Bell Pepper Stir Fry');
    expect(first?.turns.filter((t) => t.is_action)).toHaveLength(1);
    expect((first?.tools?.[0] as { name: string }).name).toBe('search_recipes');
    expect(first?.reward).toBeNull();
    expect(first?.success).toBeNull();
    expect(first?.task_id).toBeNull();
    // Records start on their own line of the array; ids fall back to <stem>-<line>.
    expect(items[0]?.line).toBe(2);
    expect(first?.source_id).toBe('llamafactory_glaive_toolcall_en_demo-2');
    expect(new Set(trajectories.map((t) => t.source_id)).size).toBe(300);
    const actions = trajectories.flatMap((t) => t.turns).filter((t) => t.is_action);
    expect(actions).toHaveLength(211);
    const toolTurns = trajectories.flatMap((t) => t.turns).filter((t) => t.role === 'tool');
    expect(toolTurns).toHaveLength(211);
    expect(toolTurns.every((t) => t.tool_call_id !== null)).toBe(true);
  });

  it('detects the demo, not dataset_info.json and not a turnwise line', () => {
    expect(detect(glaive)).toBeGreaterThanOrEqual(0.85);
    expect(detect(datasetInfo)).toBeLessThan(0.3);
    expect(sharegptFormat.detect({ path: 'demo.jsonl', head: demoLine })).toBeLessThan(0.5);
    // A head cut inside the first record still shows the structure.
    const cut = readFileSync(glaive, 'utf8').slice(0, 300);
    expect(sharegptFormat.detect({ path: glaive, head: cut })).toBeGreaterThanOrEqual(0.85);
  });

  it('reports dataset_info.json as a bad record rather than inventing a conversation', async () => {
    const items = await readAllItems(sharegptFormat, datasetInfo);
    expect(items).toEqual([
      { kind: 'error', line: 1, reason: expect.stringContaining('conversations: missing') },
    ]);
  });
});

describe('sharegpt: variants without a real sample (synthetic)', () => {
  it('reads LLaMA-Factory v1 typed content parts: reasoning, parallel tool calls', async () => {
    const file = writeJsonl(path.join(tmp.dir, 'v1.jsonl'), [
      {
        messages: [
          { role: 'system', content: [{ type: 'text', value: 'Use tools.' }] },
          { role: 'user', content: [{ type: 'text', value: 'Areas for r=1.5 and r=3?' }] },
          {
            role: 'assistant',
            content: [
              { type: 'reasoning', value: 'Two calls.' },
              { type: 'tool_call', value: '{"name": "circle_area", "arguments": {"radius": 1.5}}' },
              { type: 'tool_call', value: '{"name": "circle_area", "arguments": {"radius": 3}}' },
            ],
          },
          { role: 'tool', content: [{ type: 'text', value: '7.07' }] },
          { role: 'tool', content: [{ type: 'text', value: '28.27' }] },
          { role: 'assistant', content: [{ type: 'text', value: '7.07 and 28.27' }] },
        ],
        tools: '[{"type": "function", "function": {"name": "circle_area"}}]',
      },
    ]);
    expect(detect(file)).toBeGreaterThanOrEqual(0.85);
    const [t] = trajectoriesOf(await readAllItems(sharegptFormat, file));
    expect(t?.turns.map((turn) => turn.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
    ]);
    expect(t?.turns[2]?.reasoning).toBe('Two calls.');
    expect(t?.turns[2]?.tool_calls.map((c) => [c.id, c.arguments])).toEqual([
      ['call_2_0', '{"radius":1.5}'],
      ['call_2_1', '{"radius":3}'],
    ]);
    expect(t?.turns[3]?.tool_call_id).toBe('call_2_0');
    expect(t?.turns[4]?.tool_call_id).toBe('call_2_1');
    expect(t?.turns[5]?.is_action).toBe(false);
    expect(t?.tools).toHaveLength(1);
  });

  it('reads ETO-style bare ReAct lists with mixed keys as text actions', async () => {
    const file = path.join(tmp.dir, 'alfworld.json');
    const conversation = [
      {
        role: 'user',
        content: 'You are in a room.\n\nYour task is to: put a toiletpaper in toiletpaperhanger.',
      },
      { from: 'gpt', content: 'Thought: check the hanger.\nAction: go to toiletpaperhanger 1' },
      { role: 'user', content: 'Observation: On the toiletpaperhanger 1, you see nothing.' },
      { from: 'gpt', content: 'Thought: find a roll.\nAction: go to toilet 1' },
    ];
    writeFileSync(file, JSON.stringify([conversation], null, 4) + '\n');
    expect(detect(file)).toBeGreaterThanOrEqual(0.85);
    const [t] = trajectoriesOf(await readAllItems(sharegptFormat, file));
    expect(t?.turns.map((turn) => turn.role)).toEqual([
      'user',
      'assistant',
      'environment',
      'assistant',
    ]);
    expect(t?.turns[1]?.is_action).toBe(true);
    expect(t?.turns[1]?.tool_calls).toEqual([]);
    expect(t?.turns[1]?.content).toBe(conversation[1]?.content);
    expect(t?.turns[1]?.metadata).toEqual({ action: 'go to toiletpaperhanger 1' });
    expect(t?.turns[2]?.metadata).toEqual({ original_role: 'user' });
    // The episode's last action has no observation but is explicit.
    expect(t?.turns[3]?.metadata).toEqual({ action: 'go to toilet 1' });
    expect(t?.source_id).toBe('alfworld-2');
  });

  it('tolerates {from, content} and {role, value} mixes, system, ids and outcome fields', async () => {
    const file = writeJsonl(path.join(tmp.dir, 'mixed.jsonl'), [
      {
        id: 'os_0',
        task_id: 'os',
        system: 'Be brief.',
        score: 0.5,
        conversations: [
          { from: 'human', value: 'hi', loss: false },
          { from: 'gpt', content: 'hello', loss: true },
          { role: 'user', value: 'bye' },
        ],
      },
      { id: 'os_0', conversations: [{ from: 'human', value: 'again' }], info: { ok: true } },
    ]);
    // A field given by the user must exist: record 1 has no info.ok.
    const withField = await readAllItems(sharegptFormat, file, { success_field: 'info.ok' });
    expect(withField[0]).toEqual({
      kind: 'error',
      line: 1,
      reason: 'info.ok: not found in the record (given as success_field)',
    });
    expect(withField[1]?.kind === 'trajectory' && withField[1].trajectory.success).toBe(true);
    expect(withField[1]?.kind === 'trajectory' && withField[1].trajectory.reward).toBe(1);
    const items = await readAllItems(sharegptFormat, file);
    const [first, second] = trajectoriesOf(items);
    expect(first?.turns.map((t) => [t.role, t.content])).toEqual([
      ['system', 'Be brief.'],
      ['user', 'hi'],
      ['assistant', 'hello'],
      ['user', 'bye'],
    ]);
    expect(first?.turns[2]?.metadata).toEqual({ loss: true });
    expect(first?.source_id).toBe('os_0');
    expect(first?.task_id).toBe('os');
    expect(first?.group_id).toBe('os');
    expect(first?.reward).toBe(0.5);
    // A repeated id falls back to <stem>-<line>.
    expect(second?.source_id).toBe('mixed-2');
    expect(second?.metadata).toEqual({ id: 'os_0', info: { ok: true } });
  });

  it('reports malformed records at their line with the field path, then goes on', async () => {
    const file = writeJsonl(path.join(tmp.dir, 'bad.jsonl'), [
      {
        conversations: [
          { from: 'human', value: 'q' },
          { from: 'function_call', value: '{"arguments": {}}' },
        ],
      },
      '{"conversations": [',
      { conversations: [{ from: 'wizard', value: 'x' }] },
      { conversations: [{ from: 'human', value: 'fine' }] },
    ]);
    const items = await readAllItems(sharegptFormat, file);
    expect(items.map((item) => [item.kind, item.line])).toEqual([
      ['error', 1],
      ['error', 2],
      ['error', 3],
      ['trajectory', 4],
    ]);
    const reasons = items.map((item) => (item.kind === 'error' ? item.reason : ''));
    expect(reasons[0]).toMatch(/^conversations\[1\]\.value\.name: expected a tool call/);
    expect(reasons[1]).toMatch(/^invalid JSON/);
    expect(reasons[2]).toMatch(/^conversations\[0\]\.from: unknown role "wizard"/);
  });

  it('keeps a function_call that is not JSON as raw text on its turn, with a parsing error', async () => {
    const file = writeJsonl(path.join(tmp.dir, 'raw.jsonl'), [
      {
        conversations: [
          { from: 'human', value: 'q' },
          { from: 'function_call', value: '{"name": ' },
          { from: 'observation', value: 'out' },
        ],
      },
    ]);
    const [trajectory] = trajectoriesOf(await readAllItems(sharegptFormat, file));
    const call = trajectory?.turns[1];
    expect(call).toMatchObject({ role: 'assistant', is_action: true, tool_calls: [] });
    expect(call?.metadata).toEqual({ raw_tool_calls: [{ index: null, text: '{"name": ' }] });
    expect(call?.error).toEqual({
      kind: 'parsing',
      message:
        'conversations[1].value: not a JSON tool call; the text is kept in metadata.raw_tool_calls',
      exit_code: null,
    });
  });
});
