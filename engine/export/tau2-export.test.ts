// tau2-bench through every export target: a telecom run whose simulated user calls tools on their
// phone, and an airline run in tau2's dir layout (both open with the agent's greeting after the
// domain policy). Every target writes records, none holds a tool result without the agent's call
// before it, a user's tool, or an empty user message, and the left-out calls are counted.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiInput } from '../../shared/api';
import { EXPORT_TARGETS, WeightingSchema, type ExportTarget } from '../../shared/api-export';
import {
  USER_TOOL_NAMES,
  USER_TOOL_OUTPUTS,
  writeTau2TelecomResults,
} from '../import/formats/tau2-test-results';
import { USER_TOOL_CALL_LEFT_OUT } from './agent-view';
import { recordErrors } from './contracts/schema-check';
import {
  contract,
  openTestEngine,
  readLines,
  readParquetRows,
  type Row,
  type TestEngine,
} from '../testing/export-test-workspace';
import { LEADING_MODEL_TURN_LEFT_OUT } from './targets/llamafactory';
import { fixtureTokenizer, writeFixtureTokenizer } from '../testing/tokenizer-fixture';
import { weightOf } from './weight-transform';

const AIRLINE = path.resolve(
  import.meta.dirname,
  '../import/formats/fixtures/tau2-text-run/results.json',
);

interface Message {
  role: string;
  content: string;
  calls: string[];
  name?: string;
}

const callName = (json: string) => (JSON.parse(json) as { name: string }).name;
const callNames = (json: string): string[] => {
  const value = JSON.parse(json) as { name: string } | { name: string }[];
  return (Array.isArray(value) ? value : [value]).map((call) => call.name);
};
const openai = (list: unknown): Message[] =>
  (list as Row[]).map((m) => ({
    role: String(m.role),
    content: String(m.content ?? ''),
    calls: ((m.tool_calls as Row[] | undefined) ?? []).map((c) => String((c.function as Row).name)),
    ...(typeof m.name === 'string' ? { name: m.name } : {}),
  }));
const SHAREGPT: Record<string, string> = {
  human: 'user',
  gpt: 'assistant',
  function_call: 'assistant',
  observation: 'tool',
};
const sharegpt = (list: unknown): Message[] =>
  (list as { from: string; value: string }[]).map((t) => ({
    role: SHAREGPT[t.from] ?? t.from,
    content: t.from === 'function_call' ? '' : t.value,
    calls: t.from === 'function_call' ? callNames(t.value) : [],
  }));

/** Each conversation a record holds, as plain messages with the names of their tool calls. */
function conversations(target: ExportTarget, row: Row): Message[][] {
  switch (target) {
    case 'trl-kto':
      return [openai([...(row.prompt as Row[]), ...(row.completion as Row[])])];
    case 'trl-dpo':
      return ['chosen', 'rejected'].map((side) =>
        openai([...(row.prompt as Row[]), ...(row[side] as Row[])]),
      );
    case 'trl-grpo':
    case 'verl-rl':
      return [openai(row.prompt)];
    case 'ms-swift':
      return [
        (row.messages as Row[]).map((m) => {
          const content = String(m.content);
          if (m.role === 'tool_call')
            return { role: 'assistant', content: '', calls: [callName(content)] };
          return { role: m.role === 'tool_response' ? 'tool' : String(m.role), content, calls: [] };
        }),
      ];
    case 'llamafactory':
      return [sharegpt(row.conversations)];
    case 'llamafactory-v1':
      return [
        (row.messages as { role: string; content: { type: string; value: string }[] }[]).map(
          (m) => ({
            role: m.role,
            content: m.content
              .filter((c) => c.type === 'text')
              .map((c) => c.value)
              .join(''),
            calls: m.content.filter((c) => c.type === 'tool_call').map((c) => callName(c.value)),
          }),
        ),
      ];
    default:
      return [openai(row.messages)];
  }
}

/** What is wrong with a conversation: orphan or misnamed tool results, empty user messages. */
function problems(messages: Message[]): string[] {
  const found: string[] = [];
  let calls: string[] = [];
  let answered = 0;
  messages.forEach((m, i) => {
    if (m.role === 'tool') {
      answered += 1;
      if (answered > calls.length) found.push(`${i}: tool result with no call before it`);
      if (m.name !== undefined && !calls.includes(m.name)) found.push(`${i}: named ${m.name}`);
      return;
    }
    calls = m.role === 'assistant' ? m.calls : [];
    answered = 0;
    if (m.role === 'user' && m.content.trim() === '') found.push(`${i}: empty user message`);
  });
  return found;
}

describe('tau2 exports', () => {
  let t: TestEngine;
  let tokenizer: string;

  beforeAll(async () => {
    t = await openTestEngine((dir) => ({
      telecom: writeTau2TelecomResults(dir),
      airline: AIRLINE,
    }));
    tokenizer = writeFixtureTokenizer(t.dir);
  }, 60_000);
  afterAll(() => t.cleanup());

  it('imports binary rewards as outcomes through the default rule', async () => {
    const rows = await t.sql(
      `SELECT trajectory_id, success FROM trajectories ORDER BY trajectory_id`,
    );
    expect(rows.map((r) => [r.trajectory_id, r.success])).toEqual([
      ['airline:1e6ab266-4f66-5353-b186-5b84d654629a', false],
      ['airline:3df5f5c1-7ff1-552a-926d-1f913d31ced1', true],
      ['telecom:sim-1', true],
      ['telecom:sim-2', false],
    ]);
  });

  it.each(EXPORT_TARGETS.map((target) => [target]))(
    '%s writes records with no orphan tool result and no user-side call',
    async (target) => {
      const options: ApiInput<'startExport'> = { target, out_dir: path.join(t.dir, target) };
      if (target === 'trl-dpo' || target === 'trl-kto') options.pairs = { step: true };
      if (target === 'tokens') options.tokenizer_path = tokenizer;
      const summary = await t.exportTo(options);
      expect(summary.records).toBeGreaterThan(0);
      const manifest = JSON.parse(readFileSync(summary.manifest, 'utf8')) as {
        files: { path: string }[];
        counts: { left_out: { reason: string; count: number }[] };
      };
      const file = path.join(summary.out_dir, manifest.files[0]?.path ?? '');
      const rows = file.endsWith('.parquet') ? await readParquetRows(file) : readLines(file);
      expect(recordErrors(file, rows, contract(target))).toEqual([]);
      for (const row of rows) {
        const text = JSON.stringify(row);
        for (const hidden of [...USER_TOOL_NAMES, ...USER_TOOL_OUTPUTS]) {
          expect(text).not.toContain(hidden);
        }
        if (target === 'tokens') continue;
        for (const messages of conversations(target, row)) expect(problems(messages)).toEqual([]);
      }
      const leftOut = Object.fromEntries(manifest.counts.left_out.map((l) => [l.reason, l.count]));
      if (target === 'trl-grpo' || target === 'verl-rl') {
        // One prompt per task, before any user turn: nothing of the user's is in it.
        expect(leftOut).toEqual({});
      } else {
        expect(leftOut[USER_TOOL_CALL_LEFT_OUT]).toBeGreaterThan(0);
      }
      if (target === 'llamafactory') {
        // The greeting of each of the four conversations.
        expect(leftOut[LEADING_MODEL_TURN_LEFT_OUT]).toBe(4);
      }
    },
    60_000,
  );

  it('counts one left-out call per record that held it', async () => {
    const summary = await t.exportTo({ target: 'trl-sft', out_dir: path.join(t.dir, 'sft-count') });
    const manifest = JSON.parse(readFileSync(summary.manifest, 'utf8'));
    expect(summary.records).toBe(4);
    expect(manifest.counts.left_out).toEqual([{ reason: USER_TOOL_CALL_LEFT_OUT, count: 2 }]);
    // The job's summary and the preview say so too, not only the manifest.
    expect(summary.left_out).toEqual(manifest.counts.left_out);
    const preview = await t.call('previewExport', { target: 'trl-sft' });
    expect(preview.left_out).toEqual(manifest.counts.left_out);
    const [failed] = readLines(path.join(summary.out_dir, 'train.jsonl')).filter((row) =>
      JSON.stringify(row).includes('I cannot help with that.'),
    );
    expect(openai(failed?.messages).map((m) => [m.role, m.content])).toEqual([
      ['system', expect.stringMatching(/^# Telecom Agent Policy/)],
      ['assistant', 'Hi! How can I help you today?'],
      ['user', 'My phone has no signal.'],
      ['assistant', 'Please check your status bar.'],
      ['user', 'It shows airplane mode.'],
      ['assistant', 'I cannot help with that.'],
      ['user', 'Bye. ###STOP###'],
    ]);
  });

  it('gives each message the credit of its own turn past the left-out ones', async () => {
    const weighting = { source: 'branch_advantage' } as const;
    const summary = await t.exportTo({
      target: 'ms-swift',
      out_dir: path.join(t.dir, 'swift-credit'),
      weighting,
    });
    const failed = readLines(path.join(summary.out_dir, 'train.jsonl')).find((row) =>
      JSON.stringify(row).includes('I cannot help with that.'),
    );
    const scale = (content: string) =>
      (failed?.messages as Row[]).find((m) => m.content === content)?.loss_scale;
    const parsed = WeightingSchema.parse(weighting);
    // The branch at the first reply: V 0 against the group's 0.5; after it, one rollout (0 - 0).
    expect(scale('Please check your status bar.')).toBe(weightOf(-0.5, parsed));
    expect(scale('I cannot help with that.')).toBe(weightOf(0, parsed));
  });

  it('leaves the user-side turns out of the token sequence', async () => {
    const summary = await t.exportTo({
      target: 'tokens',
      out_dir: path.join(t.dir, 'tokens-text'),
      tokenizer_path: tokenizer,
    });
    const decode = new Tokenizer(fixtureTokenizer(), {});
    const texts = (await readParquetRows(path.join(summary.out_dir, 'tokens.parquet'))).map((row) =>
      decode.decode(row.input_ids as number[], { skip_special_tokens: false }),
    );
    const failed = texts.find((text) => text.includes('I cannot help with that.')) ?? '';
    expect(failed).toContain('<|im_start|>user\nIt shows airplane mode.<|im_end|>');
    expect(failed).not.toContain('<|im_start|>tool');
    expect(failed.match(/<\|im_start\|>user\n/g)).toHaveLength(2);
  });
});
