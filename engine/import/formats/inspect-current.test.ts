// The inspect reader on logs written by a current Inspect AI (fixtures/inspect/, SOURCE.md): zstd
// zip entries, events condensed into shared pools and attachments, and the chunked sample layout.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAllItems, trajectoriesOf } from '../../testing/test-support';
import { inspectFormat } from './inspect';
import { inspectSample, evalInfo } from './inspect-sample';
import { openZip } from './zip-entries';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', 'inspect', name);
const read = async (name: string) => readAllItems(inspectFormat, fixture(name));

describe('inspect reader on logs of the current Inspect', () => {
  it('reads a log whose entries are all zstd, with pooled events and attachments', async () => {
    const items = await read('mock-add.zstd.eval');
    expect(items.map((item) => item.kind)).toEqual(Array(4).fill('trajectory'));
    const trajectories = trajectoriesOf(items);
    expect(trajectories.map((t) => t.source_id)).toEqual([
      'sum-2-3:epoch1',
      'sum-2-3:epoch2',
      'sum-5-7:epoch1',
      'sum-5-7:epoch2',
    ]);
    expect(trajectories.map((t) => [t.reward, t.success])).toEqual([
      [0, false],
      [0, false],
      [1, true],
      [1, true],
    ]);
    const sample = trajectories[2];
    expect(sample?.model).toBe('mockllm/model');
    expect(sample?.tools?.map((tool) => (tool as { name: string }).name)).toEqual(['add']);
    const turns = sample?.turns ?? [];
    expect(turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(turns[0]?.content).toMatch(/^You are a careful arithmetic assistant\./);
    expect(turns[2]?.tool_calls.map((c) => [c.name, c.arguments])).toEqual([
      ['add', '{"x":-5,"y":7}'],
    ]);
    expect(turns[3]?.tool_call_id).toBe(turns[2]?.tool_calls[0]?.id);
    expect(turns[3]?.error).toEqual({
      kind: 'unknown',
      message: 'add only accepts non-negative integers',
      exit_code: null,
    });
    expect(turns[5]?.content).toBe('12');
    expect(turns[6]?.content).toBe('The sum is 12.');
    // Each model event found its assistant message through the pooled (condensed) events.
    for (const index of [2, 4, 6]) {
      expect(turns[index]?.metadata?.model_call).toMatchObject({ model: 'mockllm/model' });
    }
    expect(turns[6]?.metadata?.scores).toEqual([
      { scorer: 'includes', value: 'C', answer: 'the sum is 12.', explanation: 'The sum is 12.' },
    ]);
  });

  it('reads the chunked layout of the same log into the same trajectories', async () => {
    const whole = await read('mock-add.zstd.eval');
    const chunked = await read('mock-add.chunked.eval');
    expect(chunked).toEqual(whole);
    // In the chunked log the user's question is an attachment (attachment://1).
    const question = trajectoriesOf(chunked)[3]?.turns[1]?.content;
    expect(question).toBe(
      "Please compute this sum with the add tool, and check the tool's result before you give " +
        'your answer. What is 5 + 7?',
    );
  });

  it('reads the interim message_pool shape and rebuilds its turns from the events', async () => {
    const [trajectory] = trajectoriesOf(await read('log_message_deduplication.eval'));
    const turns = trajectory?.turns ?? [];
    expect(turns).toHaveLength(12);
    expect(turns.map((t) => t.role).slice(0, 3)).toEqual(['user', 'assistant', 'tool']);
    expect(turns[1]?.tool_calls[0]).toMatchObject({ name: 'bash', arguments: '{"cmd":"ls"}' });
    expect(turns[2]?.metadata?.sandbox_events_total).toBe(1);
    expect(turns.at(-1)?.content).toBe('done');
    // Without its messages list, the last model event's input_refs into the pool give the same.
    const zip = await openZip(fixture('log_message_deduplication.eval'));
    try {
      const entry = zip.entries.find((e) => e.fileName === 'samples/0_epoch_1.json');
      const header = zip.entries.find((e) => e.fileName === 'header.json');
      if (!entry || !header) throw new Error('the fixture lost its entries');
      const sample = JSON.parse(await zip.readText(entry)) as Record<string, unknown>;
      const info = evalInfo(JSON.parse(await zip.readText(header)));
      const rebuilt = inspectSample({ ...sample, messages: [] }, info).turns;
      expect(rebuilt.map((t) => [t.role, t.content, t.tool_calls])).toEqual(
        turns.map((t) => [t.role, t.content, t.tool_calls]),
      );
    } finally {
      zip.close();
    }
  });

  it('detects the current logs', async () => {
    const { readFileSync } = await import('node:fs');
    for (const name of ['mock-add.zstd.eval', 'mock-add.chunked.eval']) {
      const head = readFileSync(fixture(name)).subarray(0, 4096).toString('latin1');
      expect(inspectFormat.detect({ path: fixture(name), head })).toBeGreaterThanOrEqual(0.9);
    }
  });
});
