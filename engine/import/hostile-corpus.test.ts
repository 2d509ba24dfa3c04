// A corpus of malformed and adversarial inputs, each with its expected outcome: imported intact,
// refused at the right line with the right reason, or (with skip) the good records kept. In every
// refused case the workspace must be exactly as it was.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Workspace } from '../store/workspace';
import { tempDir, turnwiseRecord } from '../testing/test-support';
import { runImport } from './run-import';

const good = (id: string) => JSON.stringify(turnwiseRecord({ id }));
const msgs = (messages: unknown) => JSON.stringify({ trajectory_id: 'x', messages });
const withField = (field: Record<string, unknown>) =>
  JSON.stringify({ ...turnwiseRecord({ id: 'x' }), ...field });
const assistant = (extra: Record<string, unknown>) =>
  msgs([{ role: 'assistant', content: 'a', ...extra }]);

interface Case {
  name: string;
  file: string;
  body: string | Buffer;
  format?: string;
  skip?: boolean;
  /** Imported trajectories, or the error the import fails with. */
  expect: { trajectories: number; skippedLines?: number[] } | { error: RegExp; code?: string };
  /** The content of the first turn of the first trajectory, when it matters. */
  content?: string;
}

const CASES: Case[] = [
  {
    name: 'empty file',
    file: 'a.jsonl',
    body: '',
    format: 'turnwise',
    expect: { error: /no trajectories to import \(empty input\)/ },
  },
  {
    name: 'only blank lines',
    file: 'a.jsonl',
    body: '\n\n   \n\t\n',
    format: 'turnwise',
    expect: { error: /empty input/ },
  },
  {
    name: 'CRLF blank lines',
    file: 'a.jsonl',
    body: '\r\n\r\n',
    format: 'turnwise',
    expect: { error: /empty input/ },
  },
  {
    name: 'not JSON at all',
    file: 'a.jsonl',
    body: 'hello world\n',
    format: 'turnwise',
    expect: { error: /a\.jsonl:1: invalid JSON/ },
  },
  {
    name: 'truncated last record',
    file: 'a.jsonl',
    body: `${good('1')}\n${good('2').slice(0, 40)}\n`,
    expect: { error: /a\.jsonl:2: invalid JSON/ },
  },
  {
    name: 'truncated last record, skipped',
    file: 'a.jsonl',
    body: `${good('1')}\n${good('2').slice(0, 40)}`,
    skip: true,
    expect: { trajectories: 1, skippedLines: [2] },
  },
  {
    name: 'array per line',
    file: 'a.jsonl',
    body: `${good('1')}\n[1,2]\n`,
    expect: { error: /:2: expected a JSON object per line/ },
  },
  {
    name: 'number per line',
    file: 'a.jsonl',
    body: `${good('1')}\n42\n`,
    expect: { error: /:2: expected a JSON object per line/ },
  },
  {
    name: 'null per line',
    file: 'a.jsonl',
    body: `${good('1')}\nnull\n`,
    expect: { error: /:2: expected a JSON object per line/ },
  },
  {
    name: 'missing messages',
    file: 'a.jsonl',
    body: `${good('1')}\n{"trajectory_id": "x"}\n`,
    expect: { error: /:2: messages: expected a list of messages/ },
  },
  {
    name: 'messages not a list',
    file: 'a.jsonl',
    body: `${good('1')}\n${msgs('hi')}\n`,
    expect: { error: /:2: messages: expected a list/ },
  },
  {
    name: 'empty messages',
    file: 'a.jsonl',
    body: `${good('1')}\n${msgs([])}\n`,
    expect: { error: /:2: messages: the message list is empty/ },
  },
  {
    name: 'message not an object',
    file: 'a.jsonl',
    body: `${good('1')}\n${msgs(['hi'])}\n`,
    expect: { error: /:2: messages\[0\]: expected a message object/ },
  },
  {
    name: 'unknown role',
    file: 'a.jsonl',
    body: `${good('1')}\n${msgs([{ role: 'wizard' }])}\n`,
    expect: { error: /:2: messages\[0\]\.role: unknown role "wizard"/ },
  },
  {
    name: 'missing role',
    file: 'a.jsonl',
    body: `${good('1')}\n${msgs([{ content: 'x' }])}\n`,
    expect: { error: /:2: messages\[0\]\.role: unknown role undefined/ },
  },
  {
    name: 'content a number',
    file: 'a.jsonl',
    body: `${good('1')}\n${msgs([{ role: 'user', content: 7 }])}\n`,
    expect: { error: /:2: messages\[0\]\.content: expected a string/ },
  },
  {
    name: 'tool_calls not a list',
    file: 'a.jsonl',
    body: `${good('1')}\n${assistant({ tool_calls: {} })}\n`,
    expect: { error: /:2: messages\[0\]\.tool_calls: expected a list/ },
  },
  {
    name: 'tool call without a name',
    file: 'a.jsonl',
    body: `${good('1')}\n${assistant({ tool_calls: [{ id: 'c', function: { arguments: '{}' } }] })}\n`,
    expect: {
      error: /:2: messages\[0\]\.tool_calls\[0\]\.function\.name: expected a non-empty string/,
    },
  },
  {
    name: 'tool call arguments not JSON (kept as text)',
    file: 'a.jsonl',
    body: `${assistant({ tool_calls: [{ id: 'c', function: { name: 'f', arguments: '{oops' } }] })}\n`,
    expect: { trajectories: 1 },
  },
  {
    name: 'log-prob lengths differ',
    file: 'a.jsonl',
    body: `${good('1')}\n${assistant({ token_ids: [1, 2], logp_policy: [-1] })}\n`,
    expect: {
      error: /:2: messages\[0\]: token_ids, logp_policy and logp_ref must have equal lengths/,
    },
  },
  {
    name: 'log-prob not a number',
    file: 'a.jsonl',
    body: `${good('1')}\n${assistant({ logp_policy: ['nan'] })}\n`,
    expect: { error: /:2: messages\[0\]\.logp_policy\[0\]: expected a finite number/ },
  },
  {
    name: 'token id not an integer',
    file: 'a.jsonl',
    body: `${good('1')}\n${assistant({ token_ids: [1.5] })}\n`,
    expect: { error: /:2: messages\[0\]\.token_ids\[0\]: expected a 32-bit integer token id/ },
  },
  {
    // The INTEGER[] column's vector would wrap it to a negative id without a word.
    name: 'token id past 32 bits',
    file: 'a.jsonl',
    body: `${good('1')}\n${assistant({ token_ids: [7, 2 ** 31] })}\n`,
    expect: { error: /:2: messages\[0\]\.token_ids\[1\]: expected a 32-bit integer token id/ },
  },
  {
    name: 'reward a word',
    file: 'a.jsonl',
    body: `${good('1')}\n${withField({ reward: 'high' })}\n`,
    expect: { error: /:2: reward: expected a finite number/ },
  },
  {
    name: 'reward overflowing to infinity',
    file: 'a.jsonl',
    body: `${good('1')}\n${withField({ reward: 0 }).replace('"reward":0', '"reward":1e400')}\n`,
    expect: { error: /:2: reward: expected a finite number/ },
  },
  {
    name: 'success a word',
    file: 'a.jsonl',
    body: `${good('1')}\n${withField({ success: 'yes' })}\n`,
    expect: { error: /:2: success: expected true, false, 0 or 1/ },
  },
  {
    name: 'fractional sample index',
    file: 'a.jsonl',
    body: `${good('1')}\n${withField({ sample_index: 1.5 })}\n`,
    expect: { error: /:2: sample_index: expected an integer/ },
  },
  {
    name: 'metadata a list',
    file: 'a.jsonl',
    body: `${good('1')}\n${withField({ metadata: [1] })}\n`,
    expect: { error: /:2: metadata: expected an object/ },
  },
  {
    name: 'duplicate trajectory id',
    file: 'a.jsonl',
    body: `${good('1')}\n${good('1')}\n`,
    expect: { error: /:2: duplicate trajectory_id '1'/ },
  },
  {
    name: 'many bad records, skipped',
    file: 'a.jsonl',
    body: [good('1'), '{', '[]', good('2'), msgs([]), good('3')].join('\n'),
    skip: true,
    expect: { trajectories: 3, skippedLines: [2, 3, 5] },
  },
  {
    name: 'all records bad, skipped',
    file: 'a.jsonl',
    body: '{\n[]\n',
    skip: true,
    expect: { error: /no trajectories to import \(2 bad records\)/ },
  },
  {
    name: 'NUL bytes in content',
    file: 'a.jsonl',
    body: `${msgs([{ role: 'user', content: 'a\u0000b' }])}\n`,
    expect: { trajectories: 1 },
    content: 'a\u0000b',
  },
  {
    name: 'control bytes in content',
    file: 'a.jsonl',
    body: `${msgs([{ role: 'user', content: '\u0001\u0007\u001b\u007f' }])}\n`,
    expect: { trajectories: 1 },
    content: '\u0001\u0007\u001b\u007f',
  },
  {
    name: 'ANSI escape codes kept verbatim',
    file: 'a.jsonl',
    body: `${msgs([{ role: 'tool', content: '\u001b[31mFAILED\u001b[0m' }])}\n`,
    expect: { trajectories: 1 },
    content: '\u001b[31mFAILED\u001b[0m',
  },
  {
    name: 'HTML and script kept as text',
    file: 'a.jsonl',
    body: `${msgs([{ role: 'user', content: '<script>alert(1)</script>' }])}\n`,
    expect: { trajectories: 1 },
    content: '<script>alert(1)</script>',
  },
  {
    name: 'invalid UTF-8 bytes become U+FFFD',
    file: 'a.jsonl',
    body: Buffer.concat([
      Buffer.from('{"messages":[{"role":"user","content":"a'),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('b"}]}\n'),
    ]),
    expect: { trajectories: 1 },
    content: 'a\ufffd\ufffd\ufffdb',
  },
  {
    name: 'UTF-8 byte-order mark',
    file: 'a.jsonl',
    body: `\ufeff${good('1')}\n`,
    expect: { trajectories: 1 },
  },
  {
    name: 'CRLF line endings',
    file: 'a.jsonl',
    body: `${good('1')}\r\n${good('2')}\r\n`,
    expect: { trajectories: 2 },
  },
  {
    name: 'no final newline',
    file: 'a.jsonl',
    body: `${good('1')}\n${good('2')}`,
    expect: { trajectories: 2 },
  },
  {
    name: 'lone surrogate escapes',
    file: 'a.jsonl',
    body: `${msgs([{ role: 'user', content: 'x\\ud800y' }])}\n`,
    expect: { trajectories: 1 },
  },
  {
    name: '__proto__ keys kept as data',
    file: 'a.jsonl',
    body: `{"messages":[{"role":"user","content":"x"}],"metadata":{"__proto__":{"polluted":1},"constructor":"c"}}\n`,
    expect: { trajectories: 1 },
  },
  {
    name: 'deeply nested metadata',
    file: 'a.jsonl',
    body: `${good('1')}\n{"messages":[{"role":"user","content":"x"}],"metadata":{"a":${'['.repeat(200_000)}${']'.repeat(200_000)}}}\n`,
    expect: { error: /:2: (the record is nested too deeply to read|invalid JSON)/ },
  },
  {
    name: 'deeply nested metadata, skipped',
    file: 'a.jsonl',
    body: `${good('1')}\n{"messages":[{"role":"user","content":"x"}],"metadata":{"a":${'['.repeat(200_000)}${']'.repeat(200_000)}}}\n${good('3')}\n`,
    skip: true,
    expect: { trajectories: 2, skippedLines: [2] },
  },
  {
    name: 'deeply nested record in another format (openai-chat)',
    file: 'chat.jsonl',
    format: 'openai-chat',
    body: `{"messages":[{"role":"user","content":"x"}],"extra":${'['.repeat(200_000)}${']'.repeat(200_000)}}\n{"messages":[{"role":"user","content":"y"}]}\n`,
    skip: true,
    expect: { trajectories: 1, skippedLines: [1] },
  },
  {
    name: 'a 10 MB line of garbage',
    file: 'a.jsonl',
    body: `${good('1')}\n${'x'.repeat(10_000_000)}\n`,
    expect: { error: /:2: invalid JSON/ },
  },
  {
    name: 'random binary named .jsonl',
    file: 'a.jsonl',
    body: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
    format: 'turnwise',
    expect: { error: /a\.jsonl:1: invalid JSON/ },
  },
  {
    name: 'random binary, auto-detected',
    file: 'b.bin',
    format: 'auto',
    body: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 104729) % 256)),
    expect: { error: /format not recognised/, code: 'invalid_input' },
  },
  {
    name: 'corrupt gzip',
    file: 'a.jsonl.gz',
    body: Buffer.concat([
      gzipSync(`${good('1')}\n${good('2')}\n`).subarray(0, 30),
      Buffer.from('garbage'),
    ]),
    format: 'turnwise',
    expect: { error: /a\.jsonl\.gz: /, code: 'io' },
  },
  {
    name: 'gzip of a bad record',
    file: 'a.jsonl.gz',
    body: gzipSync(`${good('1')}\n{\n`),
    expect: { error: /a\.jsonl\.gz:2: invalid JSON/ },
  },
  {
    name: 'corrupt zstd',
    file: 'a.jsonl.zst',
    body: Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 1, 2, 3, 4, 5, 6, 7, 8]),
    format: 'turnwise',
    expect: { error: /a\.jsonl\.zst: /, code: 'io' },
  },
  {
    name: 'secrets redacted',
    file: 'a.jsonl',
    body: `${withField({ metadata: { agent: { config: { api_key: 'sk-abcdefghijklmnopqrstuv', headers: { authorization: 'Bearer abcdefghijk' } } } } })}\n`,
    expect: { trajectories: 1 },
  },
];

let dir: string;
let cleanup: () => void;
let workspace: Workspace;

beforeAll(async () => {
  ({ dir, cleanup } = tempDir());
  workspace = await Workspace.open(path.join(dir, 'ws.duckdb'));
});
afterAll(() => {
  workspace.close();
  cleanup();
});

async function snapshot(): Promise<string> {
  const rows = await workspace.query(
    `SELECT (SELECT count(*) FROM tw_datasets) AS d, (SELECT count(*) FROM tw_trajectories) AS t,
            (SELECT count(*) FROM tw_turns) AS u, (SELECT count(*) FROM tw_token_logprobs) AS l`,
  );
  return JSON.stringify(rows);
}

describe('hostile input corpus', () => {
  it('has at least 40 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(CASES.map((c, index) => [c.name, c, index] as const))('%s', async (_name, c, index) => {
    const caseDir = path.join(dir, `case-${index}`);
    (await import('node:fs')).mkdirSync(caseDir);
    const file = path.join(caseDir, c.file);
    writeFileSync(file, c.body);
    const before = await snapshot();
    const run = runImport(
      workspace,
      {
        paths: [file],
        format: c.format ?? 'turnwise',
        onError: c.skip ? 'skip' : 'abort',
        dataset: `case-${index}`,
      },
      () => undefined,
      new AbortController().signal,
    );
    if ('error' in c.expect) {
      const error = (await run.catch((e: unknown) => e)) as { code?: string; message?: string };
      expect(error.message).toMatch(c.expect.error);
      if (c.expect.code) expect(error.code).toBe(c.expect.code);
      expect(await snapshot()).toBe(before);
      return;
    }
    const summary = await run;
    expect(summary.trajectories).toBe(c.expect.trajectories);
    expect(summary.skipped.map((s) => s.line)).toEqual(c.expect.skippedLines ?? []);
    if (c.content !== undefined) {
      const [row] = await workspace.query(
        `SELECT content FROM turns WHERE trajectory_id LIKE $1 AND turn_index = 0`,
        [`case-${index}:%`],
      );
      expect(row?.content).toBe(c.content);
    }
  });

  it('a 100 MB single observation imports and pages out in slices', async () => {
    const size = 100_000_000;
    const big = 'o'.repeat(size - 3) + 'END';
    const record = {
      trajectory_id: 'huge',
      messages: [
        { role: 'user', content: 'go' },
        { role: 'tool', tool_call_id: 'c', content: big },
      ],
    };
    const file = path.join(dir, 'huge.jsonl');
    writeFileSync(file, `${JSON.stringify(record)}\n`);
    const summary = await runImport(
      workspace,
      { paths: [file], format: 'turnwise', onError: 'abort' },
      () => undefined,
      new AbortController().signal,
    );
    expect(summary.trajectories).toBe(1);
    const { getTrajectory, getTurnText } = await import('../trajectory/trajectory-detail');
    const detail = await getTrajectory(workspace, 'huge:huge');
    expect(detail.turns[1]).toMatchObject({ content_length: size, content_truncated: true });
    expect(detail.turns[1]?.content.length).toBeLessThan(10_000);
    const tail = await getTurnText(workspace, {
      trajectory_id: 'huge:huge',
      turn_index: 1,
      offset: size - 10,
      length: 1000,
    });
    expect(tail).toEqual({ text: 'ooooooo' + 'END', offset: size - 10, total_length: size });
  }, 120_000);

  it('stored secrets are redacted and __proto__ keys survive as data', async () => {
    const rows = await workspace.query(
      `SELECT metadata::VARCHAR AS m FROM trajectories WHERE metadata IS NOT NULL ORDER BY trajectory_id`,
    );
    const all = rows.map((row) => String(row.m)).join('\n');
    expect(all).not.toContain('sk-abcdefghijklmnopqrstuv');
    expect(all).not.toContain('Bearer abcdefghijk');
    expect(all).toContain('"api_key":"[REDACTED:secret-named-field]"');
    expect(all).toContain('"__proto__":{"polluted":1}');
  });
});
