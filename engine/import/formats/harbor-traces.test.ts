import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readAllItems, tempDir, trajectoriesOf } from '../../testing/test-support';
import type { ReadItem } from '../../chat/canonical';
import { detectFormat, scoreFormats } from '../registry';
import { harborTracesFormat } from './harbor-traces';
import { assistantTurn } from './harbor-traces-row';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', 'harbor-traces', name);
const JSONL = fixture('harbor-traces.jsonl');
const PARQUET = fixture('harbor-traces-sharegpt.parquet');
const RUN = '8f3e2a61-7c4d-4b9e-a0f2-6d1c5e9b7a34';

const itemOf = (items: ReadItem[], id: string) =>
  items.find((item) => item.kind === 'trajectory' && item.trajectory.source_id === id);

describe('harbor-traces reader on rows written by Harbor', () => {
  it.each([JSONL, PARQUET])('detects %s', async (file) => {
    expect((await detectFormat(file)).name).toBe('harbor-traces');
    const others = (await scoreFormats(file)).filter((s) => s.reader.name !== 'harbor-traces');
    expect(others.every((s) => s.score <= 0.85)).toBe(true);
  });

  it('folds the episode rows of each trial into one trajectory, its longest row', async () => {
    const items = await readAllItems(harborTracesFormat, JSONL);
    const trajectories = trajectoriesOf(items);
    expect(trajectories.map((t) => [t.source_id, t.metadata?.episode_rows])).toEqual([
      [`${RUN}/hello-world__Tn8cR4x`, 2],
      [`${RUN}/hello-world__3mVQk2p`, 3],
    ]);
    // The kept rows are the last episodes: lines 2 and 5 of the five.
    expect(items.map((item) => item.line)).toEqual([2, 5]);
    expect(trajectories.map((t) => t.metadata?.episode)).toEqual(['episode-1', 'episode-2']);
  });

  it('reads the OpenHands trial: tool calls out of the text, reward from result', async () => {
    const [openhands] = trajectoriesOf(await readAllItems(harborTracesFormat, JSONL));
    // ATIF system steps and tool outputs come back as user messages, as the export wrote them.
    expect(openhands?.turns.map((t) => t.role)).toEqual([
      'user',
      'user',
      'user',
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    const [edit, finish] = [openhands?.turns[4], openhands?.turns[6]];
    expect(edit?.content).toBe('I edited the file /app/hello.txt.');
    expect(edit?.tool_calls).toEqual([
      {
        id: 'call_4_0',
        name: 'str_replace_editor',
        arguments:
          '{"command":"create","file_text":"Hello, world!","path":"/app/hello.txt","security_risk":"LOW"}',
      },
    ]);
    expect(edit?.is_action).toBe(true);
    expect(openhands?.turns[5]?.content).toBe('File created successfully at: /app/hello.txt');
    expect(finish?.tool_calls.map((c) => c.name)).toEqual(['finish']);
    expect(openhands).toMatchObject({
      task_id: 'hello-world',
      group_id: 'hello-world',
      model: 'gpt-4o',
      reward: 1,
      success: null,
      metadata: { agent: 'openhands', model_provider: 'openai', result: '1.0', run_id: RUN },
    });
    expect(openhands?.metadata?.error).toBeUndefined();
    expect(openhands?.tools?.length).toBe(6);
    expect(openhands?.turns[0]?.content).toMatch(/^<tools>\n\[/);
  });

  it('reads the timed-out Terminus 2 trial: the exception is its error, no reward', async () => {
    const [, terminus] = trajectoriesOf(await readAllItems(harborTracesFormat, JSONL));
    expect(terminus?.turns.map((t) => t.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    const calls = terminus?.turns.flatMap((t) => t.tool_calls);
    expect(calls?.map((c) => [c.name, c.arguments])).toEqual([
      ['bash_command', '{"duration":0.1,"keystrokes":"echo \'Hello, world!\'\\n"}'],
      ['bash_command', '{"duration":5,"keystrokes":"sleep 5\\n"}'],
      ['bash_command', '{"duration":5,"keystrokes":"sleep 5\\n"}'],
    ]);
    expect(terminus?.turns[1]?.content).toBe(
      'Analysis: Terminal is ready. Let me start by echoing hello world.\nPlan: Echo hello world to stdout.',
    );
    expect(terminus).toMatchObject({ model: 'openai/gpt-4o', reward: null, tools: null });
    expect(terminus?.metadata).toMatchObject({ error: 'AgentTimeoutError', episode_rows: 3 });
    expect(terminus?.metadata?.instruction).toMatch(/^You are an AI assistant/);
  });

  it('reads the Parquet export like the JSONL (ShareGPT column left out)', async () => {
    const items = await readAllItems(harborTracesFormat, PARQUET);
    const [fromParquet] = trajectoriesOf(items);
    const [, fromJsonl] = trajectoriesOf(await readAllItems(harborTracesFormat, JSONL));
    expect(items.map((item) => item.line)).toEqual([3]);
    expect(fromParquet?.turns).toEqual(fromJsonl?.turns);
    expect(fromParquet?.metadata).toMatchObject({ episode_rows: 3, error: 'AgentTimeoutError' });
    expect(fromParquet?.metadata?.conversations_sharegpt).toBeUndefined();
  });

  it('counts both passes as one read of the file', async () => {
    const context = {
      progress: { bytesRead: 0 },
      signal: new AbortController().signal,
      options: {},
    };
    for await (const _item of harborTracesFormat.read(JSONL, context)) void _item;
    expect(context.progress.bytesRead).toBe(statSync(JSONL).size);
  });
});

describe('harbor-traces rows that are not all good', () => {
  let cleanup: (() => void) | undefined;
  afterEach(() => cleanup?.());
  const rows = readFileSync(JSONL, 'utf8').trimEnd().split('\n');

  function write(name: string, text: string): string {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const file = path.join(temp.dir, name);
    writeFileSync(file, text);
    return file;
  }

  it('reads a JSON array of the rows', async () => {
    const file = write('rows.json', `[\n${rows.join(',\n')}\n]\n`);
    const trajectories = trajectoriesOf(await readAllItems(harborTracesFormat, file));
    expect(trajectories.map((t) => t.metadata?.episode_rows)).toEqual([2, 3]);
  });

  it('keeps the good rows and lists the bad ones; a bad last episode falls back', async () => {
    const last = JSON.parse(rows[4] ?? '') as { conversations: { role: string }[] };
    last.conversations[1] = { role: 'robot' };
    const noTrial = { ...(JSON.parse(rows[0] ?? '') as object), trial_name: null };
    const file = write(
      'rows.jsonl',
      [...rows.slice(0, 4), JSON.stringify(last), '{"conversations": [', JSON.stringify(noTrial)]
        .join('\n')
        .concat('\n'),
    );
    const items = await readAllItems(harborTracesFormat, file);
    expect(items.filter((i) => i.kind === 'error')).toEqual([
      {
        kind: 'error',
        line: 5,
        reason: 'conversations[1].role: expected user, assistant or system',
      },
      {
        kind: 'error',
        line: 6,
        reason: expect.stringMatching(/^invalid JSON/) as unknown as string,
      },
      { kind: 'error', line: 7, reason: 'trial_name: missing' },
    ]);
    const terminus = items.find(
      (i) => i.kind === 'trajectory' && i.trajectory.metadata?.agent === 'terminus-2',
    );
    expect(terminus).toMatchObject({ line: 4, trajectory: { metadata: { episode_rows: 2 } } });
    expect(itemOf(items, `${RUN}/hello-world__Tn8cR4x`)).toMatchObject({ line: 2 });
  });
});

describe('harbor-traces assistant text', () => {
  it('takes reasoning from leading think blocks and leaves a broken tool call in the text', () => {
    const text = '<think>look first</think>\nls it\n<tool_call>\n{"name": \n</tool_call>';
    expect(assistantTurn(text, 3)).toMatchObject({
      content: 'ls it\n<tool_call>\n{"name": \n</tool_call>',
      reasoning: 'look first',
      tool_calls: [],
      is_action: false,
    });
  });

  it('reads several tool calls of one message in order', () => {
    const call = (name: string) =>
      `<tool_call>\n{"name": "${name}", "arguments": {}}\n</tool_call>`;
    const turn = assistantTurn(`two\n${call('a')}\n${call('b')}`, 0);
    expect(turn.tool_calls.map((c) => [c.id, c.name])).toEqual([
      ['call_0_0', 'a'],
      ['call_0_1', 'b'],
    ]);
    expect(turn.content).toBe('two');
  });
});
