import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { onlyTrajectory, readAllItems, tempDir, trajectoriesOf } from '../../testing/test-support';
import { detectFormat } from '../registry';
import { geminiCliFormat } from './gemini-cli';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', 'gemini-cli', name);
const JOURNAL = fixture('session-2026-12-07T18-43-b5363c7a.jsonl');
const LEGACY = fixture('gemini-cli-pomodoro-timer.json');
const PARTS = fixture('control_flash.head20.json');

const only = (file: string) => onlyTrajectory(geminiCliFormat, file);

describe('gemini-cli reader on real sessions', () => {
  it.each([JOURNAL, LEGACY, PARTS])('detects %s', async (file) => {
    expect((await detectFormat(file)).name).toBe('gemini-cli');
  });

  it('replays the JSONL journal: updated messages once, results paired with their calls', async () => {
    const trajectory = await only(JOURNAL);
    expect(trajectory.source_id).toBe('b5363c7a-cf01-4689-91a6-e8f58e0049ff');
    expect(trajectory.model).toBe('gemini-2.5-flash');
    expect(trajectory.metadata).toMatchObject({ kind: 'main', start_time: expect.any(String) });
    // The injected <session_context> is not the user's; the functionResponse user messages
    // repeat results already on the tool calls and add no turn.
    expect(trajectory.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'tool',
      'assistant',
    ]);
    const [, , first, read, second, shell, missing] = trajectory.turns;
    expect(first?.reasoning).toBe(
      '**Reading the code**\nI should look at calc.py before changing it.',
    );
    expect(first?.tool_calls).toEqual([
      {
        id: 'read_file__read_file_1796669022550_0',
        name: 'read_file',
        arguments: '{"file_path":"calc.py"}',
      },
    ]);
    expect(first?.n_tokens).toBe(21);
    expect(read).toMatchObject({
      tool_call_id: 'read_file__read_file_1796669022550_0',
      content: 'def add(a, b):\n    return a - b\n',
      error: null,
    });
    expect(second?.tool_calls.map((c) => c.id)).toEqual([
      shell?.tool_call_id,
      missing?.tool_call_id,
    ]);
    expect(shell?.error).toEqual({ kind: 'exit_code', message: null, exit_code: 1 });
    expect(missing?.error).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/^File not found/),
    });
    expect(second?.metadata?.model_call).toMatchObject({
      model: 'gemini-2.5-flash',
      usage: { input_tokens: 901, output_tokens: 30 },
    });
  });

  it('reads a legacy whole-document session (string content, thoughts, a failed replace)', async () => {
    const trajectory = await only(LEGACY);
    expect(trajectory.source_id).toBe('0b23371a-ce2e-4b1c-81a0-44af5d94d9ce');
    expect(trajectory.model).toBe('gemini-2.5-pro');
    const users = trajectory.turns.filter((t) => t.role === 'user');
    expect(users).toHaveLength(5);
    const calls = trajectory.turns.flatMap((t) => t.tool_calls.map((c) => c.id));
    const results = trajectory.turns.filter((t) => t.role === 'tool').map((t) => t.tool_call_id);
    expect(results).toEqual(calls);
    expect(calls).toHaveLength(11);
    expect(trajectory.turns.filter((t) => t.error).map((t) => t.error?.kind)).toEqual(['error']);
    expect(trajectory.turns.filter((t) => t.role === 'assistant').every((t) => t.reasoning)).toBe(
      true,
    );
  });

  it('keeps info and error messages as environment turns (Part[] content)', async () => {
    const trajectory = await only(PARTS);
    const env = trajectory.turns.filter((t) => t.role === 'environment');
    expect(env).toHaveLength(10);
    expect(env.filter((t) => t.error).map((t) => t.content)).toEqual(
      Array(3).fill('[API Error: Requested entity was not found.]'),
    );
    expect(trajectory.turns.find((t) => t.role === 'user')?.content).toBe('hello');
  });
});

describe('gemini-cli journal edits and bad records', () => {
  let cleanup: (() => void) | undefined;
  afterEach(() => cleanup?.());

  function journal(lines: string[]): string {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const file = path.join(temp.dir, 'session-x.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  }

  const header = '{"sessionId":"s1","projectHash":"p","startTime":"t"}';
  const user = (id: string, text: string) => JSON.stringify({ id, type: 'user', content: text });

  it('applies $rewindTo: the message and all after it go', async () => {
    const file = journal([
      header,
      user('a', 'one'),
      user('b', 'two'),
      user('c', 'three'),
      '{"$rewindTo":"b"}',
      user('d', 'four'),
    ]);
    const trajectory = await only(file);
    expect(trajectory.turns.map((t) => t.content)).toEqual(['one', 'four']);
  });

  it('keeps the good lines and lists the bad ones with their line and reason', async () => {
    const real = readFileSync(JOURNAL, 'utf8').trimEnd().split('\n');
    const bad = [
      ...real.slice(0, 3),
      '{"id": "x", ',
      '[1, 2]',
      '{"id":"y","type":"robot","content":"?"}',
      ...real.slice(3),
    ];
    const items = await readAllItems(geminiCliFormat, journal(bad));
    const dropped = items.filter((item) => item.kind === 'dropped');
    expect(dropped.map((item) => item.line)).toEqual([4, 5, 6]);
    expect(dropped[2]?.reason).toMatch(/^y: messages\[\d+\]\.type: expected user, gemini/);
    const [trajectory] = trajectoriesOf(items);
    expect(trajectory?.turns).toHaveLength(8);
  });

  it('refuses a journal without a session header', async () => {
    const items = await readAllItems(geminiCliFormat, journal([user('a', 'one')]));
    expect(items).toEqual([
      { kind: 'error', line: 1, reason: 'no session header with a sessionId' },
    ]);
  });
});
