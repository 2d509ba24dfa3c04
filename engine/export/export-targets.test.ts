// The openrlhf, ms-swift and llamafactory targets through the engine on a slice of the demo
// dataset: records conform to their contracts, every file written is listed in the manifest with
// its hash, the trainer settings are recorded, exports are deterministic, and ms-swift turns carry
// loss_scale from the stored credit exactly when credit exists.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WeightingSchema } from '../../shared/api-export';
import type { ExportTarget } from '../../shared/api-export';
import { recordErrors, schemaErrors } from './contracts/schema-check';
import {
  contract,
  type TestEngine,
  demoLines,
  manifestEntry,
  openDemoEngine,
  readLines,
  sha256,
} from '../testing/export-test-workspace';
import { weightOf } from './weight-transform';

const LINES = demoLines(24);
const ONE = 'demo:repair-000-s0';

type Row = Record<string, unknown>;
type Message = { role: string; content: string; loss?: boolean; loss_scale?: number };

describe('export targets openrlhf, ms-swift, llamafactory', () => {
  let t: TestEngine;

  async function firstRecord(target: ExportTarget): Promise<Row> {
    const preview = await t.call('previewExport', {
      target,
      filter: { trajectory_ids: [ONE] },
    });
    return JSON.parse(preview.first_records[0] ?? '{}') as Row;
  }

  beforeAll(async () => {
    t = await openDemoEngine({ lines: 24 });
  }, 60_000);
  afterAll(() => t.cleanup());

  it.each([
    ['openrlhf', ['train.jsonl']],
    ['ms-swift', ['train.jsonl']],
    ['llamafactory', ['train.jsonl', 'dataset_info.json']],
  ] as const)(
    '%s: records conform to the contract, the manifest lists every file, and reruns are byte-identical',
    async (target, names) => {
      const a = await t.exportTo({ target, out_dir: path.join(t.dir, `${target}-a`) });
      const b = await t.exportTo({ target, out_dir: path.join(t.dir, `${target}-b`) });
      expect(a).toMatchObject({ target, trajectories: 24, records: 24 });
      const file = path.join(a.out_dir, 'train.jsonl');
      const rows = readLines(file);
      expect(rows).toHaveLength(24);
      expect(recordErrors(file, rows, contract(target))).toEqual([]);
      const manifest = JSON.parse(readFileSync(a.manifest, 'utf8'));
      expect(manifest.counts.records).toBe(rows.length);
      expect(manifest.files).toEqual(
        names.map((name) =>
          manifestEntry(path.join(a.out_dir, name), name === 'train.jsonl' ? 24 : 0),
        ),
      );
      expect(a.files).toEqual(names.map((name) => path.join(a.out_dir, name)));
      expect(manifest.trainer_args).toEqual(expect.any(Object));
      for (const name of [...names, 'turnwise-manifest.json']) {
        expect(sha256(path.join(a.out_dir, name))).toBe(sha256(path.join(b.out_dir, name)));
      }
    },
  );

  it('the new contracts are not vacuous', () => {
    expect(schemaErrors({ input: [], output: [] }, contract('openrlhf'))).not.toEqual([]);
    expect(schemaErrors({ messages: [] }, contract('openrlhf'))).not.toEqual([]);
    const swift = { messages: [{ role: 'assistant', content: 'x', loss: 1 }], tools: [] };
    expect(schemaErrors(swift, contract('ms-swift'))).not.toEqual([]);
    const share = { conversations: [{ from: 'user', value: 'x' }], system: '', tools: '[]' };
    expect(schemaErrors(share, contract('llamafactory'))).not.toEqual([]);
  });

  it('openrlhf writes whole conversations for its multi-turn mode, tools in the system message', async () => {
    const row = await firstRecord('openrlhf');
    const sft = await firstRecord('trl-sft');
    const messages = row.messages as Message[];
    const chat = sft.messages as Message[];
    const tools = sft.tools as unknown[];
    expect(tools.length).toBeGreaterThan(0);
    // The system message carries the schemas OpenRLHF cannot pass to the template.
    expect(messages[0]?.content).toBe(
      `${chat[0]?.content}\n\n# Tools\n${tools.map((tool) => JSON.stringify(tool)).join('\n')}`,
    );
    const last = chat.findLastIndex((m) => m.role === 'assistant');
    expect(messages.slice(1)).toEqual(chat.slice(1, last + 1));
    expect(messages.at(-1)?.role).toBe('assistant');
    const out = path.join(t.dir, 'openrlhf-a', 'turnwise-manifest.json');
    expect(JSON.parse(readFileSync(out, 'utf8')).trainer_args).toEqual({
      'data.dataset': 'train.jsonl',
      'data.input_key': 'messages',
      'data.apply_chat_template': true,
      'data.multiturn': true,
    });
  });

  it('llamafactory alternates sides, keeps calls as JSON, and registers the file', async () => {
    const out = path.join(t.dir, 'llamafactory-a');
    for (const row of readLines(path.join(out, 'train.jsonl'))) {
      const turns = row.conversations as { from: string; value: string }[];
      turns.forEach((turn, i) => {
        const sides = i % 2 === 0 ? ['human', 'observation'] : ['gpt', 'function_call'];
        expect(sides).toContain(turn.from);
        if (turn.from === 'function_call')
          expect(() => JSON.parse(turn.value) as unknown).not.toThrow();
      });
      expect(turns.length % 2).toBe(0);
      expect(JSON.parse(row.tools as string)[0]).toHaveProperty('parameters');
    }
    const row = await firstRecord('llamafactory');
    const source = JSON.parse(LINES[0] ?? '{}');
    expect(row.system).toBe(source.messages[0].content);
    const call = (row.conversations as { from: string; value: string }[])[1];
    expect(call?.from).toBe('function_call');
    expect(JSON.parse(call?.value ?? '')).toEqual({
      name: 'read_file',
      arguments: { path: 'src/stockroom/pager.py' },
    });
    const info = JSON.parse(readFileSync(path.join(out, 'dataset_info.json'), 'utf8'));
    expect(info.turnwise).toMatchObject({
      file_name: 'train.jsonl',
      formatting: 'sharegpt',
      columns: { messages: 'conversations', system: 'system', tools: 'tools' },
      tags: { role_tag: 'from', content_tag: 'value', user_tag: 'human', assistant_tag: 'gpt' },
    });
  });

  it('ms-swift writes calls as tool_call JSON, and no loss fields without credit', async () => {
    const row = await firstRecord('ms-swift');
    const messages = row.messages as Message[];
    const call = messages.find((m) => m.role === 'tool_call');
    expect(JSON.parse(call?.content ?? '')).toEqual({
      name: 'read_file',
      arguments: { path: 'src/stockroom/pager.py' },
    });
    expect(messages.some((m) => m.role === 'tool_response')).toBe(true);
    expect(messages.some((m) => 'loss_scale' in m || 'loss' in m)).toBe(false);
    expect(Array.isArray(JSON.parse(row.tools as string))).toBe(true);
    const manifest = JSON.parse(
      readFileSync(path.join(t.dir, 'ms-swift-a', 'turnwise-manifest.json'), 'utf8'),
    );
    expect(manifest.target_notes.loss_scale).toMatch(/^left out: no credit/);
    expect(manifest.target_notes.loss_scale_rule).toMatch(/min\(2, max\(0, 1 \+ 1 \* x\)\)/);
  });

  it('ms-swift weights each assistant turn by its segment credit once credit exists', async () => {
    await t.runJob('startCredit', { dataset_id: 'demo', segmentation: 'action' });
    const { rows } = await t.call('runSql', {
      sql: `SELECT s.turn_start, s.turn_end, c.total FROM segments s JOIN credit c
            ON c.trajectory_id = s.trajectory_id AND c.segment_index = s.segment_index
            AND c.segmentation = s.segmentation
            WHERE s.trajectory_id = '${ONE}' AND s.segmentation = 'action' AND c.total IS NOT NULL`,
    });
    expect(rows.length).toBeGreaterThan(0);
    const totalOf = (turn: number) =>
      rows.find((r) => Number(r.turn_start) <= turn && turn <= Number(r.turn_end))?.total;
    const sft = (await firstRecord('trl-sft')).messages as (Message & {
      tool_calls?: [];
      reasoning_content?: string;
    })[];
    const expected: (number | undefined)[] = [];
    sft.forEach((m, turn) => {
      if (m.role !== 'assistant') return expected.push(undefined);
      const total = totalOf(turn);
      const scale =
        typeof total === 'number' ? weightOf(total, WeightingSchema.parse({})) : undefined;
      const parts =
        (m.content !== '' || m.reasoning_content !== undefined || (m.tool_calls ?? []).length === 0
          ? 1
          : 0) + (m.tool_calls ?? []).length;
      for (let i = 0; i < parts; i += 1) expected.push(scale);
    });
    const messages = (await firstRecord('ms-swift')).messages as Message[];
    expect(messages.map((m) => m.loss_scale)).toEqual(expected);
    // Some turn is weighted away from the neutral 1, so the credit really reached the file.
    expect(expected.some((s) => s !== undefined && s !== 1)).toBe(true);
    for (const m of messages) if (m.loss_scale !== undefined) expect(m.loss).toBe(m.loss_scale > 0);
    const summary = await t.exportTo({ target: 'ms-swift', out_dir: path.join(t.dir, 'swift-c') });
    const manifest = JSON.parse(readFileSync(summary.manifest, 'utf8'));
    expect(manifest.credit_params).not.toBeNull();
    expect(manifest.target_notes.loss_scale).toMatch(/^written on assistant/);
  });
});
