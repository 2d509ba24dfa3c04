import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readAllItems, tempDir, trajectoriesOf } from '../../testing/test-support';
import { codexCliFormat } from './codex-cli';
import { toolOutput } from './codex-cli-items';

const ROLLOUT = path.join(
  import.meta.dirname,
  'fixtures/codex-cli/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.head70.jsonl',
);

describe('codex-cli reader on a real rollout (codex-cli 0.125.0)', () => {
  it('reads messages, model calls and paired tool outputs', async () => {
    const items = await readAllItems(codexCliFormat, ROLLOUT);
    expect(items.filter((item) => item.kind !== 'trajectory')).toEqual([]);
    const [trajectory] = trajectoriesOf(items);
    expect(trajectory?.source_id).toBe('019e1625-789d-76c0-80ab-3724b5ddb799');
    expect(trajectory?.model).toBe('gpt-5.5');
    expect(trajectory?.metadata).toMatchObject({
      cli_version: '0.125.0',
      originator: 'codex-tui',
      git: { branch: 'feat/codex-agent-plugin' },
      other_lines: { 'event_msg:task_started': 2, 'event_msg:agent_message': 4 },
    });
    const turns = trajectory?.turns ?? [];
    expect(turns).toHaveLength(30);
    expect(turns.slice(0, 4).map((t) => t.role)).toEqual(['system', 'system', 'user', 'user']);
    expect(turns[0]?.content).toMatch(/^You are Codex, a coding agent/);
    // The user's request is logged as an item and as an event: read once.
    expect(turns.filter((t) => t.content === 'show tools')).toHaveLength(1);
    const call = turns[4];
    expect(call).toMatchObject({ role: 'assistant', is_action: true, n_tokens: 167 });
    expect(call?.tool_calls[0]?.name).toBe('exec_command');
    expect(call?.metadata).toMatchObject({ model: 'gpt-5.5', encrypted_reasoning: true });
    expect(turns[5]).toMatchObject({ role: 'tool', tool_call_id: call?.tool_calls[0]?.id });
    // Three parallel calls in one model call, their outputs paired by call_id.
    const parallel = turns[26];
    expect(parallel?.tool_calls).toHaveLength(3);
    expect(turns.slice(27, 30).map((t) => t.tool_call_id)).toEqual(
      parallel?.tool_calls.map((c) => c.id),
    );
    expect(turns.filter((t) => t.error !== null && t.error !== undefined)).toEqual([]);
  });

  it('is detected, and other JSONL formats are not taken for it', () => {
    const head = readFileSync(ROLLOUT, 'utf8');
    expect(codexCliFormat.detect({ path: ROLLOUT, head })).toBeGreaterThanOrEqual(0.9);
    const claude = path.join(import.meta.dirname, 'fixtures/claude-code/agent-50243ee8.jsonl');
    expect(codexCliFormat.detect({ path: claude, head: readFileSync(claude, 'utf8') })).toBe(0);
    const nemo = path.join(
      import.meta.dirname,
      'fixtures/nemo-gym/anyswe_pi.example_rollouts.head2.jsonl',
    );
    expect(codexCliFormat.detect({ path: nemo, head: readFileSync(nemo, 'utf8') })).toBe(0);
  });
});

describe('codex-cli reader on written rollouts', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());
  const write = (name: string, lines: unknown[]) => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const file = path.join(temp.dir, name);
    writeFileSync(
      file,
      lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n'),
    );
    return file;
  };
  const item = (payload: Record<string, unknown>) => ({
    timestamp: 't',
    type: 'response_item',
    payload,
  });

  it('reads the older header-then-items form (no payload wrapper)', async () => {
    // The shape recorder.rs wrote before session_meta: a header, state markers, bare items.
    const file = write('rollout-2025-07-01T10-00-00-old.jsonl', [
      {
        id: 'old-1',
        timestamp: '2025-07-01T10:00:00Z',
        instructions: null,
        git: { branch: 'main' },
      },
      { record_type: 'state' },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'list files' }] },
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'Use ls.' }] },
      {
        type: 'local_shell_call',
        call_id: 'c1',
        status: 'completed',
        action: { type: 'exec', command: ['ls'] },
      },
      {
        type: 'function_call_output',
        call_id: 'c1',
        output:
          '{"output":"ls: x: No such file\\n","metadata":{"exit_code":2,"duration_seconds":0.1}}',
      },
      { record_type: 'state' },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Nothing.' }] },
    ]);
    const head = readFileSync(file, 'utf8');
    expect(codexCliFormat.detect({ path: file, head })).toBe(0.9);
    const [trajectory] = trajectoriesOf(await readAllItems(codexCliFormat, file));
    expect(trajectory?.source_id).toBe('old-1');
    expect(trajectory?.turns.map((t) => t.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(trajectory?.turns[1]).toMatchObject({
      reasoning: 'Use ls.',
      tool_calls: [
        { id: 'c1', name: 'local_shell', arguments: '{"command":["ls"],"type":"exec"}' },
      ],
    });
    expect(trajectory?.turns[2]).toMatchObject({
      content: 'ls: x: No such file\n',
      tool_call_id: 'c1',
      error: { kind: 'exit_code', exit_code: 2 },
    });
    expect(trajectory?.metadata).toMatchObject({
      git: { branch: 'main' },
      other_lines: { state: 2 },
    });
  });

  it('marks failed commands and patches, and keeps the good lines of a broken file', async () => {
    const file = write('rollout-x.jsonl', [
      { timestamp: 't0', type: 'session_meta', payload: { id: 's1', cli_version: '0.46.0' } },
      { timestamp: 't1', type: 'turn_context', payload: { model: 'gpt-5-codex' } },
      item({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'fix it' }] }),
      item({
        type: 'function_call',
        name: 'shell',
        arguments: '{"command":["false"]}',
        call_id: 'a',
      }),
      item({
        type: 'custom_tool_call',
        name: 'apply_patch',
        input: '*** Begin Patch',
        call_id: 'b',
      }),
      '{"timestamp":"t","type":"response_item","payload":',
      {
        timestamp: 't',
        type: 'event_msg',
        payload: { type: 'token_count', info: { last_token_usage: { output_tokens: 9 } } },
      },
      item({
        type: 'function_call_output',
        call_id: 'a',
        output: 'Exit code: 1\nWall time: 0 seconds\nOutput:\n',
      }),
      {
        timestamp: 't',
        type: 'event_msg',
        payload: { type: 'patch_apply_end', call_id: 'b', success: false, stderr: 'bad hunk' },
      },
      item({ type: 'custom_tool_call_output', call_id: 'b', output: 'failed' }),
      item({ type: 'function_call_output', output: 'no call id' }),
    ]);
    const items = await readAllItems(codexCliFormat, file);
    expect(items.filter((i) => i.kind === 'dropped').map((i) => [i.line, i.reason])).toEqual([
      [6, expect.stringMatching(/^line left out: invalid JSON/)],
      [11, 'line left out: payload.call_id: expected a string'],
    ]);
    const [trajectory] = trajectoriesOf(items);
    expect(trajectory?.model).toBe('gpt-5-codex');
    const [, call, shell, patch] = trajectory?.turns ?? [];
    expect(call).toMatchObject({
      n_tokens: 9,
      tool_calls: [{ name: 'shell' }, { name: 'apply_patch', arguments: '"*** Begin Patch"' }],
    });
    expect(shell?.error).toMatchObject({ kind: 'exit_code', exit_code: 1 });
    expect(patch?.error).toEqual({ kind: 'error', message: 'bad hunk', exit_code: null });
  });

  it('reads a {content, success} output and list outputs', () => {
    expect(toolOutput({ content: 'denied', success: false }, 'o')).toEqual({
      text: 'denied',
      exit: null,
      failed: true,
    });
    expect(
      toolOutput(
        [
          { type: 'input_text', text: 'a' },
          { type: 'input_image', image_url: 'x' },
        ],
        'o',
      ),
    ).toEqual({
      text: 'a\n[input_image]',
      exit: null,
      failed: false,
    });
    expect(
      toolOutput('Chunk ID: 1\nProcess exited with code 0\nOutput:\nExit code: 3', 'o').exit,
    ).toBe(0);
  });
});
