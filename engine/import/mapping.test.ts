import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MappingSpecSchema, type MappingSpecInput } from '../../shared/model';
import { readAllItems, tempDir, trajectoriesOf } from '../testing/test-support';
import { mappingReader } from './mapping';

let dir: string;
let cleanup: () => void;
beforeAll(() => ({ dir, cleanup } = tempDir()));
afterAll(() => cleanup());

const spec = (input: MappingSpecInput) => MappingSpecSchema.parse(input);

const chatLog = {
  session: 's-1',
  problem: 'p-7',
  score: 0.5,
  passed: 'yes',
  env: { name: 'bash-env', api_key: 'sk-secretsecretsecretsecret' },
  conversation: [
    { speaker: 'human', text: 'list files' },
    { speaker: 'bot', text: 'ok', calls: [{ id: 'c1', name: 'ls', arguments: { path: '.' } }] },
    { speaker: 'shell', text: 'a.py', reply_to: 'c1' },
  ],
};

const MAPPING: MappingSpecInput = {
  messages: 'conversation',
  role: 'speaker',
  content: 'text',
  tool_calls: 'calls',
  tool_call_id: 'reply_to',
  roles: { human: 'user', bot: 'assistant', shell: 'tool' },
  id: 'session',
  task: 'problem',
  reward: 'score',
  success: 'passed',
  metadata: ['env'],
};

describe('user mappings', () => {
  it('reads JSONL records through the field paths and role map', async () => {
    const file = path.join(dir, 'logs.jsonl');
    writeFileSync(
      file,
      `${JSON.stringify(chatLog)}\n${JSON.stringify({ ...chatLog, session: 's-2', score: 1 })}\n`,
    );
    const [first, second] = trajectoriesOf(await readAllItems(mappingReader(spec(MAPPING)), file));
    expect(first).toMatchObject({
      source_id: 's-1',
      task_id: 'p-7',
      group_id: 'p-7',
      reward: 0.5,
      success: true,
      metadata: { env: { name: 'bash-env', api_key: 'sk-secretsecretsecretsecret' } },
    });
    expect(first?.turns.map((t) => [t.role, t.content, t.is_action])).toEqual([
      ['user', 'list files', false],
      ['assistant', 'ok', true],
      ['tool', 'a.py', false],
    ]);
    expect(first?.turns[1]?.tool_calls).toEqual([
      { id: 'c1', name: 'ls', arguments: '{"path":"."}' },
    ]);
    expect(first?.turns[2]?.tool_call_id).toBe('c1');
    expect(second?.reward).toBe(1);
  });

  it('reads a JSON document: a top-level array with lines, or a nested list', async () => {
    const array = path.join(dir, 'logs.json');
    const text = JSON.stringify([chatLog, { ...chatLog, session: 's-3' }], null, 2);
    writeFileSync(array, text);
    // Each record starts on a line that opens an element of the top-level array.
    const starts = text.split('\n').flatMap((line, index) => (line === '  {' ? [index + 1] : []));
    const items = await readAllItems(mappingReader(spec({ ...MAPPING, records: 'json' })), array);
    expect(starts).toHaveLength(2);
    expect(items.map((item) => item.line)).toEqual(starts);
    const nested = path.join(dir, 'nested.json');
    writeFileSync(
      nested,
      JSON.stringify({ runs: { items: [chatLog, { ...chatLog, score: 'lots' }, chatLog] } }),
    );
    const nestedItems = await readAllItems(
      mappingReader(spec({ ...MAPPING, records: 'json', records_path: 'runs.items' })),
      nested,
    );
    // The good records are kept; a bad one is named by its index, its line being the document's.
    expect(nestedItems[1]).toMatchObject({ kind: 'error', line: 1 });
    expect(nestedItems[1]?.kind === 'error' && nestedItems[1].reason).toMatch(
      /^runs\.items\[1\]: /,
    );
    const found = trajectoriesOf([nestedItems[0], nestedItems[2]].flatMap((i) => (i ? [i] : [])));
    expect(found.map((t) => t.source_id)).toEqual(['s-1', 's-1']);
  });

  it('reports bad records at their line with the field path, and keeps reading', async () => {
    const file = path.join(dir, 'bad.jsonl');
    writeFileSync(
      file,
      [
        JSON.stringify({ ...chatLog, conversation: [] }),
        JSON.stringify({ ...chatLog, conversation: [{ speaker: 'alien', text: 'x' }] }),
        JSON.stringify({ ...chatLog, conversation: [{ text: 'no speaker' }] }),
        '{oops',
        JSON.stringify({ ...chatLog, score: 'lots' }),
        JSON.stringify(chatLog),
      ].join('\n'),
    );
    const items = await readAllItems(mappingReader(spec(MAPPING)), file);
    expect(items.map((item) => [item.line, item.kind === 'error' ? item.reason : 'ok'])).toEqual([
      [1, 'conversation: expected a non-empty list of messages'],
      [
        2,
        expect.stringMatching(
          /^conversation\[0\]\.role: unknown role "alien"/,
        ) as unknown as string,
      ],
      [3, 'conversation[0].speaker: expected the role as text'],
      [4, expect.stringMatching(/^invalid JSON/) as unknown as string],
      [5, expect.stringMatching(/^score: expected a number/) as unknown as string],
      [6, 'ok'],
    ]);
  });

  it('rejects an invalid spec before reading anything', () => {
    expect(MappingSpecSchema.safeParse({ role: 'speaker' }).success).toBe(false);
    expect(MappingSpecSchema.safeParse({ messages: 'm', roles: { a: 'robot' } }).success).toBe(
      false,
    );
    expect(MappingSpecSchema.safeParse({ messages: 'm', surprise: 1 }).success).toBe(false);
  });
});
