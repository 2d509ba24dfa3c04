import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readAllItems, tempDir, trajectoriesOf } from '../../testing/test-support';
import { detectFormat, scoreFormats } from '../registry';
import { hfStsFormat, messageTurn } from './hf-sts';

// The owner's only example, from the format's page (fixtures/SOURCE.md).
const EXAMPLE = path.join(import.meta.dirname, 'fixtures', 'hf-sts', 'what-time-is-it.jsonl');

describe('hf-sts reader on the format page example', () => {
  it('detects it, and no other reader claims it', async () => {
    expect((await detectFormat(EXAMPLE)).name).toBe('hf-sts');
    const others = (await scoreFormats(EXAMPLE)).filter((s) => s.reader.name !== 'hf-sts');
    expect(others.every((s) => s.score < 0.3)).toBe(true);
  });

  it('reads the session: header to ids and metadata, tool result paired by id', async () => {
    const [trajectory, ...rest] = trajectoriesOf(await readAllItems(hfStsFormat, EXAMPLE));
    expect(rest).toEqual([]);
    expect(trajectory).toMatchObject({
      source_id: 'abc123',
      task_id: null,
      group_id: null,
      reward: null,
      success: null,
      model: null,
      metadata: { harness: 'my-agent', name: 'what time is it' },
    });
    expect(trajectory?.turns.map((t) => [t.role, t.content])).toEqual([
      ['user', 'what time is it?'],
      ['assistant', ''],
      ['tool', '2026-07-01T15:00:00Z'],
      ['assistant', 'it is 15:00 UTC'],
    ]);
    const [, call, result] = trajectory?.turns ?? [];
    expect(call?.tool_calls).toEqual([{ id: 't1', name: 'get_time', arguments: '{}' }]);
    expect(call?.is_action).toBe(true);
    expect(result?.tool_call_id).toBe('t1');
  });
});

describe('hf-sts lines beyond the example', () => {
  let cleanup: (() => void) | undefined;
  afterEach(() => cleanup?.());
  const example = readFileSync(EXAMPLE, 'utf8').trimEnd().split('\n');

  function session(lines: string[]): string {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const file = path.join(temp.dir, 'session.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  }

  it('keeps reasoning, model and timestamp of a message', () => {
    const turn = messageTurn({
      type: 'message',
      message: {
        role: 'assistant',
        content: 'done',
        reasoningContent: 'the clock says 15:00',
        model: 'llama-3.1-8b',
        timestamp: 1782918000000,
      },
    });
    expect(turn).toMatchObject({
      reasoning: 'the clock says 15:00',
      metadata: { model: 'llama-3.1-8b', timestamp: 1782918000000 },
    });
  });

  it('takes the model from the first message that names one', async () => {
    const file = session([
      ...example,
      '{"type":"message","message":{"role":"assistant","content":"","model":"m1"}}',
    ]);
    expect(trajectoriesOf(await readAllItems(hfStsFormat, file))[0]?.model).toBe('m1');
  });

  it('keeps the good lines and lists the bad ones with their line and reason', async () => {
    const file = session([
      ...example.slice(0, 3),
      '{"type":"message","message":',
      '{"type":"message","message":{"role":"robot","content":"?"}}',
      '{"type":"message","message":{"role":"assistant","content":"","toolCalls":[{"id":"t2"}]}}',
      '{"type":"note"}',
      ...example.slice(3),
    ]);
    const items = await readAllItems(hfStsFormat, file);
    expect(items.filter((item) => item.kind === 'dropped')).toEqual([
      { kind: 'dropped', line: 4, reason: expect.stringMatching(/^invalid JSON/) as unknown },
      { kind: 'dropped', line: 5, reason: 'message.role: expected user, assistant, system, tool' },
      {
        kind: 'dropped',
        line: 6,
        reason: 'message.toolCalls[0].function.name: expected a non-empty string',
      },
      {
        kind: 'dropped',
        line: 7,
        reason: 'expected a {"type": "message", "message": {...}} line',
      },
    ]);
    expect(trajectoriesOf(items)[0]?.turns).toHaveLength(4);
  });

  it('refuses a file whose first line is not the session header', async () => {
    const items = await readAllItems(hfStsFormat, session(example.slice(1)));
    expect(items).toEqual([
      {
        kind: 'error',
        line: 1,
        reason: 'expected the session header {type: "session", harness, id} first',
      },
    ]);
  });

  it('does not claim Pi sessions, whose message lines carry id and parentId', async () => {
    const file = session([
      '{"type":"session","harness":"pi","id":"s1","version":3,"cwd":"/w"}',
      '{"type":"message","id":"m1","parentId":null,"message":{"role":"user","content":[]}}',
    ]);
    expect(hfStsFormat.detect({ path: file, head: readFileSync(file, 'utf8') })).toBeLessThan(0.9);
  });
});
