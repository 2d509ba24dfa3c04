// A results.jsonl written by verifiers' own save_utils (fixtures/SOURCE.md): tool calls stored as
// JSON text by sanitize_tool_calls, and a rollout whose model call failed.
import { writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readAllItems, tempDir, trajectoriesOf } from '../../testing/test-support';
import { verifiersFormat } from './verifiers';

const FIXTURE = path.join(import.meta.dirname, 'fixtures/verifiers/tool_test.results.jsonl');
const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('verifiers results.jsonl from save_utils, with tool calls', () => {
  it('decodes the tool calls vf-eval stores as JSON text', async () => {
    const items = await readAllItems(verifiersFormat, FIXTURE);
    expect(items.map((item) => item.kind)).toEqual(Array(4).fill('trajectory'));
    const [first] = trajectoriesOf(items);
    const call = first?.turns[1];
    expect(call?.role).toBe('assistant');
    expect(call?.tool_calls).toEqual([
      { id: 'call_0', name: 'tool_B', arguments: '{"x":"4"}' },
      { id: 'call_1', name: 'tool_A', arguments: '{"x":41}' },
    ]);
    expect([call?.is_action, call?.error, call?.metadata]).toEqual([true, undefined, undefined]);
    expect(first?.turns.slice(2, 4).map((t) => [t.role, t.tool_call_id, t.content])).toEqual([
      ['tool', 'call_0', '42'],
      ['tool', 'call_1', '42'],
    ]);
    expect(first?.reward).toBe(1);
  });

  it('keeps a rollout whose model call failed, with its error', async () => {
    const rollouts = trajectoriesOf(await readAllItems(verifiersFormat, FIXTURE));
    const crashed = rollouts[3];
    expect(crashed?.turns.map((t) => t.role)).toEqual(['user']);
    expect(crashed?.reward).toBe(0);
    expect(crashed?.metadata?.error).toMatchObject({ error: 'ModelError' });
    expect(crashed?.metadata?.error_chain).toMatch(/upstream model crashed/);
  });

  it('imports a rollout with no messages at all when it states an error, and refuses one without', async () => {
    const line = JSON.parse(readFileSync(FIXTURE, 'utf8').trim().split('\n')[3] ?? '') as Record<
      string,
      unknown
    >;
    const file = path.join(tmp.dir, 'results.jsonl');
    const empty = { ...line, prompt: [], completion: [] };
    writeFileSync(
      file,
      [empty, { ...empty, error: null }].map((v) => JSON.stringify(v)).join('\n'),
    );
    const items = await readAllItems(verifiersFormat, file);
    expect(items.map((item) => [item.kind, item.line])).toEqual([
      ['trajectory', 1],
      ['error', 2],
    ]);
    expect(items[0]?.kind === 'trajectory' && items[0].trajectory.turns).toEqual([]);
    expect(items[1]).toMatchObject({ reason: 'prompt and completion are both empty' });
  });

  it('keeps a tool call that is not JSON on its turn and says so', async () => {
    const line = JSON.parse(readFileSync(FIXTURE, 'utf8').split('\n')[0] ?? '') as {
      completion: { tool_calls?: string[] }[];
    };
    const calls = line.completion[0]?.tool_calls ?? [];
    calls[1] = (calls[1] ?? '').slice(0, 20);
    const file = path.join(tmp.dir, 'cut.jsonl');
    writeFileSync(file, JSON.stringify(line));
    const [rollout] = trajectoriesOf(await readAllItems(verifiersFormat, file));
    const turn = rollout?.turns[1];
    expect(turn?.tool_calls.map((c) => c.name)).toEqual(['tool_B']);
    expect(turn?.metadata).toEqual({ raw_tool_calls: [{ index: 1, text: calls[1] }] });
    expect(turn?.error).toMatchObject({ kind: 'parsing' });
    expect(turn?.error?.message).toMatch(/^completion\[0\]\.tool_calls\[1\]: not a JSON tool call/);
  });
});
