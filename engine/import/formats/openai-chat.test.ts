import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  readAllItems,
  samplePath,
  tempDir,
  trajectoriesOf,
  writeJsonl,
} from '../../testing/test-support';
import { openaiChatFormat } from './openai-chat';
import { writeParquet } from '../../testing/parquet-rows-fixture';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

const demoLine = readFileSync('datasets/demo/demo.jsonl', 'utf8').split('\n')[0] ?? '';

const messages = [
  { role: 'system', content: 'You fix bugs.' },
  { role: 'user', content: 'Fix issue 1.' },
  {
    role: 'assistant',
    content: null,
    tool_calls: [
      {
        id: 'call_a',
        type: 'function',
        function: { name: 'bash', arguments: '{"cmd": "ls", "timeout": 5}' },
      },
    ],
  },
  { role: 'tool', tool_call_id: 'call_a', content: 'setup.py' },
  { role: 'assistant', content: 'Done.' },
];

function detect(file: string): number {
  return openaiChatFormat.detect({
    path: file,
    head: readFileSync(file).toString('utf8', 0, 1 << 20),
  });
}

describe('openai-chat: JSONL and JSON (synthetic, no real sample exists)', () => {
  const file = writeJsonl(path.join(tmp.dir, 'chat.jsonl'), [
    { instance_id: 'django-1', model: 'm1', resolved: 1, messages, tools: [{ type: 'function' }] },
    { instance_id: 'django-1', resolved: -1, messages: JSON.stringify(messages) },
    { id: 'x', task_id: 'flask-2', resolved: 0, score: 0.25, messages: messages.slice(0, 2) },
  ]);

  it('reads list and JSON-string message columns with tool calls and Open-SWE resolved', async () => {
    const [a, b, c] = trajectoriesOf(await readAllItems(openaiChatFormat, file));
    expect(a?.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(a?.turns[2]?.tool_calls).toEqual([
      { id: 'call_a', name: 'bash', arguments: '{"cmd":"ls","timeout":5}' },
    ]);
    expect(a?.turns[2]?.is_action).toBe(true);
    expect(a?.turns[3]?.tool_call_id).toBe('call_a');
    expect(a?.turns[4]?.is_action).toBe(false);
    expect(b?.turns).toEqual(a?.turns);
    expect([a?.success, b?.success, c?.success]).toEqual([true, false, false]);
    // reward from score when present, else 1/0 from the success column
    expect([a?.reward, b?.reward, c?.reward]).toEqual([1, 0, 0.25]);
    expect([a?.task_id, b?.task_id, c?.task_id]).toEqual(['django-1', 'django-1', 'flask-2']);
    expect([a?.group_id, b?.group_id, c?.group_id]).toEqual(['django-1', 'django-1', 'flask-2']);
    expect([a?.source_id, b?.source_id, c?.source_id]).toEqual(['chat-1', 'chat-2', 'x']);
    expect(a?.model).toBe('m1');
    expect(a?.tools).toEqual([{ type: 'function' }]);
    expect(a?.metadata).toEqual({ instance_id: 'django-1', model: 'm1', resolved: 1 });
    expect(b?.metadata?.resolved).toBe(-1);
  });

  it('applies field overrides (dot paths) and reports a missing one', async () => {
    const custom = writeJsonl(path.join(tmp.dir, 'custom.jsonl'), [
      { messages, eval: { score: '0.5', passed: 'true' }, meta: { task: 't1', seed: 3 } },
      { messages, eval: { score: 1 }, meta: { task: 't1', seed: 4 } },
    ]);
    const items = await readAllItems(openaiChatFormat, custom, {
      reward_field: 'eval.score',
      success_field: 'eval.passed',
      task_field: 'meta.task',
      group_field: 'meta.seed',
    });
    const first = items[0]?.kind === 'trajectory' ? items[0].trajectory : null;
    expect(first).toMatchObject({ reward: 0.5, success: true, task_id: 't1', group_id: '3' });
    expect(items[1]).toEqual({
      kind: 'error',
      line: 2,
      reason: 'eval.passed: not found in the record (given as success_field)',
    });
  });

  it('reads a JSON array file, a gzip file, and makes repeated ids unique', async () => {
    const json = path.join(tmp.dir, 'array.json');
    const record = JSON.stringify({ id: 'same', messages });
    // One record per line after the bracket: the second starts on line 3.
    writeFileSync(json, `[\n${record},\n${record}\n]\n`);
    const fromJson = trajectoriesOf(await readAllItems(openaiChatFormat, json));
    expect(fromJson.map((t) => t.source_id)).toEqual(['same', 'array-3']);
    expect(detect(json)).toBe(0.6);
    const gz = path.join(tmp.dir, 'chat.jsonl.gz');
    writeFileSync(gz, gzipSync(readFileSync(file)));
    expect(trajectoriesOf(await readAllItems(openaiChatFormat, gz))).toHaveLength(3);
    expect(openaiChatFormat.detect({ path: gz, head: readFileSync(file, 'utf8') })).toBe(0.6);
  });

  it('reports malformed records with their line and field path, and goes on', async () => {
    const bad = writeJsonl(path.join(tmp.dir, 'bad.jsonl'), [
      '{"messages": [',
      { prompt: 'no messages here' },
      { messages: [{ role: 'assistant', tool_calls: [{ function: { arguments: '{}' } }] }] },
      { messages, resolved: 'maybe' },
      { messages: '[{"role": "user", "content": ' },
      { messages },
    ]);
    const items = await readAllItems(openaiChatFormat, bad);
    expect(items.map((item) => [item.line, item.kind === 'error' ? item.reason : 'ok'])).toEqual([
      [1, expect.stringMatching(/^invalid JSON/)],
      [2, 'messages: missing (looked for messages, conversation, trajectory, chat)'],
      [3, 'messages[0].tool_calls[0].function.name: expected a non-empty string'],
      [4, 'resolved: expected a boolean or 1/0/-1, got "maybe"'],
      [5, expect.stringMatching(/^messages: invalid JSON string/)],
      [6, 'ok'],
    ]);
  });

  it('detects generic messages JSONL at 0.6 and leaves turnwise and other shapes alone', () => {
    expect(detect(file)).toBe(0.6);
    expect(openaiChatFormat.detect({ path: 'demo.jsonl', head: demoLine })).toBeLessThan(0.5);
    expect(detect(samplePath('sharegpt', 'llamafactory_glaive_toolcall_en_demo.json'))).toBe(0);
    expect(openaiChatFormat.detect({ path: 'x.txt', head: demoLine })).toBe(0);
    // The first record is larger than the head: the opening keys decide.
    const cut = '{"messages": [{"role": "system", "content": "' + 'x'.repeat(100);
    expect(openaiChatFormat.detect({ path: 'big.jsonl', head: cut })).toBeGreaterThanOrEqual(0.5);
  });

  it('imports a run that crashed before any message as 0 turns, keeping its error', async () => {
    const file = writeJsonl(path.join(tmp.dir, 'crashed.jsonl'), [
      { id: 'c1', messages: [], error: 'RateLimitError: 429', reward: 0 },
      { id: 'c2', messages: [] },
    ]);
    const items = await readAllItems(openaiChatFormat, file);
    expect(items.map((item) => [item.kind, item.line])).toEqual([
      ['trajectory', 1],
      ['error', 2],
    ]);
    const crashed = items[0]?.kind === 'trajectory' ? items[0].trajectory : null;
    expect(crashed?.turns).toEqual([]);
    expect(crashed?.metadata).toMatchObject({ error: 'RateLimitError: 429' });
  });
});

const TOOL_CALL =
  'STRUCT(id VARCHAR, "type" VARCHAR, "function" STRUCT(name VARCHAR, arguments VARCHAR))';
const MESSAGE = `STRUCT(role VARCHAR, content VARCHAR, tool_calls ${TOOL_CALL}[], tool_call_id VARCHAR)`;

describe('openai-chat: Parquet (synthetic, written by DuckDB)', () => {
  it('reads nested STRUCT message lists with the Open-SWE resolved convention', async () => {
    const file = await writeParquet(
      path.join(tmp.dir, 'open-swe.parquet'),
      `SELECT * FROM (VALUES
        ('repo__a-1', 1, [
          {'role': 'user', 'content': 'Fix it.', 'tool_calls': NULL, 'tool_call_id': NULL},
          {'role': 'assistant', 'content': NULL, 'tool_calls': [{'id': 'c1', 'type': 'function',
            'function': {'name': 'edit', 'arguments': '{"path": "a.py"}'}}], 'tool_call_id': NULL},
          {'role': 'tool', 'content': 'ok', 'tool_calls': NULL, 'tool_call_id': 'c1'}
        ]::${MESSAGE}[]),
        ('repo__a-1', -1, [{'role': 'user', 'content': 'Fix it.', 'tool_calls': NULL, 'tool_call_id': NULL}]::${MESSAGE}[]),
        ('repo__b-2', 0, [{'role': 'user', 'content': 'Other.', 'tool_calls': NULL, 'tool_call_id': NULL}]::${MESSAGE}[])
      ) t(instance_id, resolved, messages)`,
    );
    expect(detect(file)).toBe(0.6);
    const context = {
      progress: { bytesRead: 0 },
      signal: new AbortController().signal,
      options: {},
    };
    const items = [];
    for await (const item of openaiChatFormat.read(file, context)) items.push(item);
    expect(context.progress.bytesRead).toBe(readFileSync(file).length);
    const [a, b, c] = trajectoriesOf(items);
    expect(items.map((item) => item.line)).toEqual([1, 2, 3]);
    expect(a?.turns.map((t) => t.role)).toEqual(['user', 'assistant', 'tool']);
    expect(a?.turns[1]?.tool_calls).toEqual([
      { id: 'c1', name: 'edit', arguments: '{"path":"a.py"}' },
    ]);
    expect(a?.turns[2]?.tool_call_id).toBe('c1');
    expect([a?.success, b?.success, c?.success]).toEqual([true, false, false]);
    expect([a?.reward, b?.reward, c?.reward]).toEqual([1, 0, 0]);
    expect([a?.group_id, c?.group_id]).toEqual(['repo__a-1', 'repo__b-2']);
    expect(a?.source_id).toBe('open-swe-1');
  });

  it('reads a JSON-string messages column and nebius-style trajectory/text with target', async () => {
    const text = JSON.stringify(messages).replace(/'/g, "''");
    const json = await writeParquet(
      path.join(tmp.dir, 'json-col.parquet'),
      `SELECT 'inst-1' AS instance_id, '${text}' AS messages, 0.75::DOUBLE AS reward`,
    );
    const [fromJson] = trajectoriesOf(await readAllItems(openaiChatFormat, json));
    expect(fromJson?.turns[2]?.tool_calls[0]?.name).toBe('bash');
    expect(fromJson?.reward).toBe(0.75);
    expect(fromJson?.success).toBeNull();

    const nebius = await writeParquet(
      path.join(tmp.dir, 'nebius.parquet'),
      `SELECT 'astropy__astropy-1' AS instance_id, 'swe-agent-llama-70b' AS model_name, true AS target,
        [{'role': 'system', 'text': 'You are SWE-agent.'},
         {'role': 'user', 'text': 'Issue: crash'},
         {'role': 'ai', 'text': E'DISCUSSION\\nLook first.\\n\\n\`\`\`\\nls -a\\n\`\`\`'},
         {'role': 'user', 'text': 'setup.py'},
         {'role': 'ai', 'text': E'Now submit.\\n\`\`\`\\nsubmit\\n\`\`\`'},
         {'role': 'user', 'text': 'submitted'}] AS trajectory`,
    );
    expect(detect(nebius)).toBe(0.6);
    const [t] = trajectoriesOf(await readAllItems(openaiChatFormat, nebius));
    expect(t?.turns.map((turn) => turn.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    expect(t?.turns[2]?.is_action).toBe(true);
    expect(t?.turns[2]?.tool_calls).toEqual([]);
    expect(t?.turns[2]?.metadata).toEqual({ action: 'ls -a' });
    expect(t?.turns[4]?.metadata).toEqual({ action: 'submit' });
    expect(t).toMatchObject({
      success: true,
      reward: 1,
      task_id: 'astropy__astropy-1',
      model: 'swe-agent-llama-70b',
    });
  });
});
