import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readAllItems, samplePath, tempDir, trajectoriesOf } from '../../testing/test-support';
import { inspectFormat } from './inspect';
import { scoreNumber } from './inspect-sample';
import { writeZip } from '../../testing/zip-fixture';

const sample = (name: string) => samplePath('inspect-ai', name);
const headOf = (file: string) =>
  readFileSync(file)
    .subarray(0, 1 << 20)
    .toString('utf8');

/** A zip of stored entries (JSON values or text) for synthetic .eval fixtures. */
function storeZip(file: string, entries: Record<string, unknown>): void {
  writeZip(
    file,
    Object.entries(entries).map(([name, value]) => ({
      name,
      data: typeof value === 'string' ? value : JSON.stringify(value),
      store: true,
    })),
  );
}

const header = { version: 2, status: 'success', eval: { task: 'demo', model: 'openai/m' } };

describe('inspect reader on real logs', () => {
  it('reads a .json log with tool calls, tool results and a letter score', async () => {
    const file = sample('2025-05-12T20-27-36-04-00_browser.json');
    const items = await readAllItems(inspectFormat, file);
    const [trajectory] = trajectoriesOf(items);
    expect(items[0]?.line).toBe(181);
    expect(trajectory?.source_id).toBe('1:epoch1');
    expect(trajectory?.task_id).toBe('1');
    expect(trajectory?.group_id).toBe('1');
    expect(trajectory?.sample_index).toBe(1);
    expect(trajectory?.model).toBe('openai/gpt-4o-mini');
    expect(trajectory?.reward).toBe(1);
    expect(trajectory?.success).toBe(true);
    expect(trajectory?.metadata?.eval_task).toBe('browser');
    expect(trajectory?.metadata?.scores).toHaveProperty('includes.value', 'C');
    expect(trajectory?.tools?.length).toBe(8);
    const turns = trajectory?.turns ?? [];
    expect(turns.map((t) => t.role).slice(0, 4)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(turns[1]?.tool_calls).toEqual([
      {
        id: 'call_35FTpd6shR9efioDgeEBZ33s',
        name: 'web_browser_go',
        arguments: '{"url":"https://www.aisi.gov.uk/"}',
      },
    ]);
    expect(turns[1]?.is_action).toBe(true);
    expect(turns[2]?.tool_call_id).toBe('call_35FTpd6shR9efioDgeEBZ33s');
    expect(turns[3]?.tool_calls[0]?.arguments).toBe('{"element_id":151}');
    expect(turns.at(-1)?.role).toBe('assistant');
    expect(turns.at(-1)?.is_action).toBe(false);
  });

  it('reads the same log from .json and .eval alike', async () => {
    const fromJson = trajectoriesOf(await readAllItems(inspectFormat, sample('log_formats.json')));
    const fromEval = trajectoriesOf(await readAllItems(inspectFormat, sample('log_formats.eval')));
    expect(fromJson).toHaveLength(1);
    expect(fromEval.map((t) => t.turns)).toEqual(fromJson.map((t) => t.turns));
    expect(fromJson[0]?.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant']);
    expect(fromJson[0]?.reward).toBe(0);
    expect(fromJson[0]?.success).toBe(false);
    expect(fromEval[0]?.model).toBe('ollama/llama3.1');
  });

  it('groups the epochs of a sample and maps letter scores', async () => {
    const items = await readAllItems(inspectFormat, sample('log_streaming.eval'));
    const trajectories = trajectoriesOf(items);
    expect(trajectories.map((t) => t.source_id)).toEqual([
      '1:epoch1',
      '1:epoch2',
      '2:epoch1',
      '2:epoch2',
    ]);
    expect(trajectories.map((t) => t.group_id)).toEqual(['1', '1', '2', '2']);
    expect(trajectories.map((t) => t.sample_index)).toEqual([1, 2, 1, 2]);
    expect(trajectories.map((t) => t.reward)).toEqual([0, 1, 1, 1]);
    expect(trajectories.map((t) => t.success)).toEqual([false, true, true, true]);
    expect(items.map((item) => item.line)).toEqual([1, 2, 3, 4]);
  });

  it('leaves the outcome unknown when a sample has no scores', async () => {
    const file = sample('2025-02-11T15-17-00-05-00_popularity_dPiJifoWeEQBrfWsAopzWr.eval');
    const trajectories = trajectoriesOf(await readAllItems(inspectFormat, file));
    expect(trajectories).toHaveLength(10);
    expect(trajectories.map((t) => t.task_id)).toEqual(
      Array.from({ length: 10 }, (_, i) => String(i + 1)),
    );
    expect(trajectories.every((t) => t.reward === null && t.success === null)).toBe(true);
    expect(trajectories[0]?.model).toBe('openai/gpt-4o-mini');
  });

  it('keeps tool-call errors on the tool turns', async () => {
    const [trajectory] = trajectoriesOf(
      await readAllItems(inspectFormat, sample('log_tool_call_error.json')),
    );
    expect(trajectory?.source_id).toBe('1:epoch4');
    expect(trajectory?.turns).toHaveLength(11);
    expect(trajectory?.turns.every((t) => t.role === 'tool')).toBe(true);
    expect(trajectory?.turns[1]?.tool_call_id).toBe('bash_2');
    expect(trajectory?.turns[1]?.metadata).toMatchObject({
      function: 'bash',
      error: { type: 'timeout' },
    });
    expect(trajectory?.turns.map((t) => t.error?.kind)).toEqual([
      'parsing',
      'timeout',
      'parsing',
      'unicode_decode',
      'permission',
      'file_not_found',
      'is_a_directory',
      'limit',
      'approval',
      'unknown',
      'output_limit',
    ]);
    expect(trajectory?.turns[10]?.error).toEqual({
      kind: 'output_limit',
      message: 'The tool output limit of 10 MiB was exceeded.',
      exit_code: null,
    });
  });

  it('leaves turns without a tool error unflagged', async () => {
    const [trajectory] = trajectoriesOf(
      await readAllItems(inspectFormat, sample('2025-05-12T20-27-36-04-00_browser.json')),
    );
    expect(trajectory?.turns.some((t) => t.role === 'tool')).toBe(true);
    expect(trajectory?.turns.every((t) => t.error === null || t.error === undefined)).toBe(true);
  });

  it('detects every sample log and not a turnwise line', () => {
    for (const name of [
      '2025-05-12T20-27-36-04-00_browser.json',
      'log_formats.json',
      'log_tool_call_error.json',
      'log_formats.eval',
      'log_streaming.eval',
      '2025-02-11T15-17-00-05-00_popularity_dPiJifoWeEQBrfWsAopzWr.eval',
    ]) {
      expect(
        inspectFormat.detect({ path: sample(name), head: headOf(sample(name)) }),
      ).toBeGreaterThanOrEqual(0.85);
    }
    const demo = path.resolve(import.meta.dirname, '../../../datasets/demo/demo.jsonl');
    const line = readFileSync(demo, 'utf8').split('\n')[0] ?? '';
    expect(inspectFormat.detect({ path: demo, head: line })).toBeLessThan(0.5);
    expect(inspectFormat.detect({ path: 'x.json', head: line })).toBeLessThan(0.5);
  });
});

describe('inspect reader on synthetic logs', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('resolves message_pool input_refs and attachment references', async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const file = path.join(temp.dir, 'dedup.eval');
    const pool = [
      { role: 'system', content: 'attachment://aaa111' },
      { role: 'user', content: 'List files.' },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', reasoning: 'attachment://bbb222' },
          { type: 'text', text: 'Listing.' },
        ],
        tool_calls: [{ id: 't1', function: 'bash', arguments: { cmd: 'attachment://ccc333' } }],
      },
      { role: 'tool', tool_call_id: 't1', function: 'bash', content: 'a.py' },
    ];
    storeZip(file, {
      'header.json': header,
      'samples/7_epoch_2.json': {
        id: 7,
        epoch: 2,
        messages: [],
        message_pool: pool,
        attachments: { aaa111: 'You are careful.', bbb222: 'Think first.', ccc333: 'ls -la' },
        events: [
          { event: 'model', input_refs: [[0, 2]], output: { choices: [{ message: pool[2] }] } },
          {
            event: 'model',
            input: [],
            input_refs: [[0, 4]],
            tools: [{ name: 'bash', description: 'attachment://aaa111' }],
            output: { choices: [{ message: { role: 'assistant', content: 'Done.' } }] },
          },
        ],
        scores: { grader: { value: 'P' }, other: { value: 1 } },
      },
    });
    const [trajectory] = trajectoriesOf(await readAllItems(inspectFormat, file));
    expect(trajectory?.source_id).toBe('7:epoch2');
    expect(trajectory?.model).toBe('openai/m');
    expect(trajectory?.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(trajectory?.turns[0]?.content).toBe('You are careful.');
    expect(trajectory?.turns[2]?.reasoning).toBe('Think first.');
    expect(trajectory?.turns[2]?.content).toBe('Listing.');
    expect(trajectory?.turns[2]?.tool_calls[0]?.arguments).toBe('{"cmd":"ls -la"}');
    expect(trajectory?.tools).toEqual([{ name: 'bash', description: 'You are careful.' }]);
    expect(trajectory?.reward).toBe(0.5);
    expect(trajectory?.success).toBe(false);
  });

  it('maps score values and reports bad samples at their line', async () => {
    expect([scoreNumber('C'), scoreNumber('I'), scoreNumber(true), scoreNumber('0.25')]).toEqual([
      1, 0, 1, 0.25,
    ]);
    expect(scoreNumber({ a: 1 })).toBeNull();
    const temp = tempDir();
    cleanup = temp.cleanup;
    const file = path.join(temp.dir, 'log.json');
    const log = {
      version: 2,
      eval: { task: 't', model: 'm' },
      plan: {},
      samples: [
        {
          id: 'a',
          epoch: 1,
          messages: [{ role: 'user', content: 'hi' }],
          scores: { s: { value: false } },
        },
        { id: 'b', epoch: 1, messages: [{ role: 'robot', content: 'hi' }] },
      ],
    };
    writeFileSync(file, JSON.stringify(log, null, 2));
    const items = await readAllItems(inspectFormat, file);
    expect(items[0]).toMatchObject({
      kind: 'trajectory',
      trajectory: { reward: 0, success: false },
    });
    const text = readFileSync(file, 'utf8').split('\n');
    // The sample's `{` is on the line before its "id" line: 0-based index of the id line.
    const line = text.findIndex((l) => l.includes('"b"'));
    expect(items[1]).toEqual({
      kind: 'error',
      line,
      reason: 'samples[1]: messages[0].role: unknown role "robot"',
    });
  });

  it('reports a zip that is not an Inspect log and a file that is not a zip', async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const zip = path.join(temp.dir, 'other.eval');
    storeZip(zip, { 'readme.txt': 'hello' });
    expect(await readAllItems(inspectFormat, zip)).toEqual([
      {
        kind: 'error',
        line: 1,
        reason: 'not an Inspect AI log: the zip has no header.json or _journal/start.json',
      },
    ]);
    const text = path.join(temp.dir, 'text.eval');
    writeFileSync(text, 'not a zip at all');
    const [item] = await readAllItems(inspectFormat, text);
    expect(item).toMatchObject({ kind: 'error', line: 1 });
    expect(item?.kind === 'error' && item.reason).toMatch(/^not a zip archive/);
  });
});
