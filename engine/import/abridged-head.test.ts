// The abridged head keeps every top-level key of the first records, in order, stays valid JSON
// however the input is cut or chunked, and shortens long values without breaking characters.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { samplePath, tempDir } from '../testing/test-support';
import { abridgedHead, JsonAbridger } from './abridged-head';

const temp = tempDir();
afterAll(() => temp.cleanup());

function abridge(bytes: Buffer, chunk = bytes.length): string | null {
  const abridger = new JsonAbridger();
  for (let i = 0; i < bytes.length; i += chunk) {
    if (!abridger.push(bytes.subarray(i, i + chunk))) break;
  }
  return abridger.finish();
}

/** The records of a head: one JSON value per line. */
function values(head: string | null): unknown[] {
  expect(head).not.toBeNull();
  return (head ?? '')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);
}

const keys = (value: unknown) => Object.keys(value as object);

/** The first record of a parsed file: the object itself, or a list's first element. */
function firstRecord(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

const TEXT_SAMPLES = readdirSync(samplePath())
  .filter((folder) => !folder.endsWith('.md'))
  .flatMap((folder) =>
    readdirSync(samplePath(folder))
      .filter((name) => /\.(json|jsonl|traj)$/.test(name))
      .map((name) => `${folder}/${name}`),
  );

describe('abridged head of the real samples', () => {
  it('covers the JSON samples', () => {
    expect(TEXT_SAMPLES.length).toBeGreaterThanOrEqual(25);
  });

  it.each(TEXT_SAMPLES)('%s: parses, first record keeps its keys in order', async (name) => {
    const file = samplePath(name);
    const text = readFileSync(file, 'utf8');
    const original = name.endsWith('.jsonl')
      ? (JSON.parse(text.split('\n')[0] ?? '') as unknown)
      : (JSON.parse(text) as unknown);
    const head = await abridgedHead(file);
    const [first] = values(head);
    expect(keys(firstRecord(first))).toEqual(keys(firstRecord(original)));
    expect(head?.length).toBeLessThan(2 << 20);
  });

  it('is the same whatever the chunks', () => {
    const bytes = readFileSync(samplePath('atif-harbor', 'harbor_openhands.json'));
    const whole = abridge(bytes);
    expect(abridge(bytes, 1)).toBe(whole);
    expect(abridge(bytes, 7)).toBe(whole);
  });

  it('keeps up to 8 records of JSON lines and of a top-level list', () => {
    const lines = readFileSync(
      samplePath('nemo-gym', 'example_multi_turn_gymnasium.example_rollouts.jsonl'),
    );
    expect(values(abridge(lines)).length).toBe(5);
    const list = Buffer.from(JSON.stringify(Array.from({ length: 20 }, (_, i) => ({ i }))));
    expect(values(abridge(list))).toEqual([Array.from({ length: 8 }, (_, i) => ({ i }))]);
  });
});

describe('a long field before the keys a reader looks for', () => {
  const line = readFileSync(
    samplePath('nemo-gym', 'example_single_tool_call.example_rollouts.jsonl'),
    'utf8',
  ).split('\n')[0] as string;
  const record = JSON.parse(line) as Record<string, unknown>;

  it('a 10 MB object first: every key is kept, the object is shortened', async () => {
    const log = Array.from({ length: 20_000 }, (_, i) => ({ i, text: `${'x'.repeat(500)}"é` }));
    const file = path.join(temp.dir, 'big-object.jsonl');
    writeFileSync(file, `${JSON.stringify({ metadata: { log }, ...record })}\n${line}\n`);
    const head = await abridgedHead(file);
    const [first, second] = values(head) as Record<string, unknown>[];
    expect(keys(first)).toEqual(['metadata', ...keys(record)]);
    expect(first?.reward).toEqual(record.reward);
    expect(first?.responses_create_params).toEqual(record.responses_create_params);
    expect(second).toEqual(record);
    expect(head?.length).toBeLessThan(256 << 10);
  });

  it('a 10 MB string first, full of escapes and non-ASCII: cut to a prefix', async () => {
    const metadata = 'a\\"é\u{1F600}\n'.repeat(1_000_000);
    const file = path.join(temp.dir, 'big-string.jsonl');
    writeFileSync(file, `${JSON.stringify({ metadata, ...record })}\n`);
    const [first] = values(await abridgedHead(file)) as Record<string, unknown>[];
    expect(keys(first)).toEqual(['metadata', ...keys(record)]);
    const kept = first?.metadata as string;
    expect(kept.length).toBeGreaterThan(1000);
    expect(metadata.startsWith(kept)).toBe(true);
  });

  it('reads no further than it is allowed', async () => {
    const file = path.join(temp.dir, 'capped.jsonl');
    writeFileSync(file, `${JSON.stringify({ metadata: 'z'.repeat(4 << 20), ...record })}\n`);
    const [first] = values(await abridgedHead(file, 1 << 20)) as Record<string, unknown>[];
    expect(keys(first)).toEqual(['metadata']);
  });
});

describe('cut and hostile input still gives valid JSON', () => {
  const record =
    '{"id": "r1", "n": 12, "ok": true, "messages": [{"role": "user", "content": "hi \\"x\\""}]}';

  it('parses however it is cut, keeping what came before the cut', () => {
    for (let n = 1; n <= record.length; n += 1) {
      const [value] = values(abridge(Buffer.from(record.slice(0, n))));
      if (n >= '{"id"'.length) expect(keys(value)[0]).toBe('id');
    }
    expect(values(abridge(Buffer.from(record)))).toEqual([JSON.parse(record)]);
  });

  it('refuses what does not start like JSON', () => {
    expect(abridge(Buffer.from('a,b\n1,2\n'))).toBeNull();
    expect(abridge(Buffer.from('PK\u0003\u0004 zip'))).toBeNull();
    expect(abridge(Buffer.from('   '))).toBeNull();
  });

  it('stops at hostile nesting and garbage without throwing', () => {
    const deep = Buffer.from(`${'['.repeat(200_000)}${']'.repeat(200_000)}`);
    expect(() => values(abridge(deep))).not.toThrow();
    const garbage = Buffer.from('{"a": 1, "b": @@@, "c": 2}');
    expect(values(abridge(garbage))).toEqual([{ a: 1, b: null }]);
    // Raw control bytes are copied as they are: readers parse leniently.
    const nul = Buffer.from('{"a": "x\u0000y", "b": [1, 2]}\n{"a": 2}\n');
    expect(abridge(nul)).toBe('{"a":"x\u0000y","b":[1,2]}\n{"a":2}\n');
  });

  it('keeps bare words some writers emit (NaN, Infinity)', () => {
    const head = abridge(Buffer.from('{"reward": NaN, "x": -Infinity}'));
    expect(head).toBe('{"reward":NaN,"x":-Infinity}\n');
  });
});
