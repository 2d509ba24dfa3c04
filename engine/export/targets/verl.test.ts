// verl-sft and verl-rl on a workspace built from real samples, read back from Parquet with
// DuckDB: every row conforms to the target's contract, counts round-trip, tool-call arguments are
// JSON text that decodes to what trl-sft writes, RL rows are one per task with the source's
// ground truth and the stored segment credit, and two exports are byte-identical.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '../contracts/schema-check';
import {
  contract,
  manifestEntry,
  readLines,
  readParquet,
  type Row,
  openSampleEngine,
  sha256,
  type TestEngine,
} from '../../testing/rl-test-workspace';

type Call = { type: string; function: { name: string; arguments: unknown } };
type Message = {
  role: string;
  content: string;
  tool_calls?: Call[] | null;
  name?: string | null;
  reasoning_content?: string | null;
};

describe('verl export targets', () => {
  let t: TestEngine;
  beforeAll(async () => {
    t = await openSampleEngine();
  }, 120_000);
  afterAll(() => t.cleanup());

  it.each(['verl-sft', 'verl-rl'] as const)(
    '%s: rows conform to the contract, the manifest hashes the Parquet file, reruns are byte-identical',
    async (target) => {
      const a = await t.exportTo({ target, out_dir: path.join(t.dir, `${target}-a`) });
      const b = await t.exportTo({ target, out_dir: path.join(t.dir, `${target}-b`) });
      const file = path.join(a.out_dir, 'train.parquet');
      const { rows } = await readParquet(file);
      expect(rows).toHaveLength(a.records);
      expect(a.records).toBeGreaterThan(0);
      const schema = contract(target);
      for (const row of rows) expect(schemaErrors(row, schema)).toEqual([]);
      const manifest = JSON.parse(readFileSync(a.manifest, 'utf8'));
      const extra = target === 'verl-rl' ? [path.join(a.out_dir, 'tool_schemas.json')] : [];
      expect(manifest.files).toEqual([
        manifestEntry(file, rows.length),
        ...extra.map((name) => manifestEntry(name, 0)),
      ]);
      expect(manifest.counts.records).toBe(rows.length);
      expect(manifest.target_notes).toEqual(expect.any(Object));
      for (const name of ['train.parquet', 'tool_schemas.json', 'turnwise-manifest.json']) {
        if (name === 'tool_schemas.json' && target !== 'verl-rl') continue;
        expect(sha256(path.join(a.out_dir, name))).toBe(sha256(path.join(b.out_dir, name)));
      }
    },
  );

  it('the contracts are not vacuous', () => {
    const objectArguments = {
      messages: [
        { role: 'user', content: 'x', tool_calls: null },
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ type: 'function', function: { name: 'f', arguments: { a: 1 } } }],
        },
      ],
      tools: [],
    };
    expect(schemaErrors(objectArguments, contract('verl-sft'))).not.toEqual([]);
    const noGroundTruth = { data_source: 'd', prompt: [{ role: 'user', content: 'x' }] };
    expect(schemaErrors(noGroundTruth, contract('verl-rl'))).not.toEqual([]);
  });

  it('verl-sft keeps every trajectory and stores tool-call arguments as JSON text', async () => {
    const sft = await t.exportTo({ target: 'trl-sft', out_dir: path.join(t.dir, 'trl-sft') });
    const verl = path.join(t.dir, 'verl-sft-a', 'train.parquet');
    const { rows, types } = await readParquet(verl);
    expect(String(types.messages)).toMatch(
      /"function" STRUCT\("name" VARCHAR, arguments VARCHAR\)/,
    );
    expect(String(types.tools)).toMatch(/parameters VARCHAR/);
    const expected = readLines(path.join(sft.out_dir, 'train.jsonl'));
    const [{ n }] = (await t.sql(`SELECT count(*) AS n FROM trajectories`)) as [{ n: number }];
    expect(
      rows.length + (sft.skipped.find((s) => s.reason === 'no assistant turn')?.count ?? 0),
    ).toBe(n);
    expect(rows).toHaveLength(expected.length);
    let calls = 0;
    const shapes = new Set<string>();
    rows.forEach((row, i) => {
      const want = expected[i] as { messages: Message[]; tools?: Row[] };
      const got = (row.messages as Message[]).map((m) => {
        // Parquet's fixed struct has every field; trl-sft writes only those a message has.
        const present = Object.fromEntries(
          (['reasoning_content', 'name'] as const).flatMap((key) =>
            m[key] === null || m[key] === undefined ? [] : [[key, m[key]]],
          ),
        );
        if (m.role !== 'assistant' || m.tool_calls === null || m.tool_calls === undefined) {
          return { role: m.role, content: m.content, ...present };
        }
        const toolCalls = m.tool_calls.map((call) => {
          expect(typeof call.function.arguments).toBe('string');
          calls += 1;
          const args = JSON.parse(call.function.arguments as string) as Row;
          shapes.add(Object.keys(args).sort().join(','));
          return { ...call, function: { ...call.function, arguments: args } };
        });
        return { role: m.role, content: m.content, ...present, tool_calls: toolCalls };
      });
      // The same conversation as trl-sft, whose arguments are objects.
      expect(got).toEqual(want.messages);
      const tools = (row.tools as { function: { parameters: string } }[]).map((tool) => ({
        ...tool,
        function: { ...tool.function, parameters: JSON.parse(tool.function.parameters) as unknown },
      }));
      expect(tools).toEqual(want.tools ?? []);
    });
    // Mixed argument shapes really occur, so objects would have been null-filled.
    expect(calls).toBeGreaterThan(5);
    expect(shapes.size).toBeGreaterThan(2);
  });

  it('verl-rl writes one prompt per task, with the ground truth the source carried', async () => {
    const { rows } = await readParquet(path.join(t.dir, 'verl-rl-a', 'train.parquet'));
    const tasks = await t.sql(
      `SELECT dataset_id, task_id, min(trajectory_id) AS first, count(*) AS n, any_value(metadata) AS metadata
       FROM trajectories GROUP BY dataset_id, task_id ORDER BY dataset_id, task_id`,
    );
    expect(rows.map((r) => (r.extra_info as Row).trajectory_id)).toEqual(tasks.map((r) => r.first));
    expect(rows.map((r) => (r.extra_info as Row).index)).toEqual(rows.map((_, i) => i));
    const summary = JSON.parse(
      readFileSync(path.join(t.dir, 'verl-rl-a', 'turnwise-manifest.json'), 'utf8'),
    );
    const duplicates = tasks.reduce((sum, r) => sum + Number(r.n) - 1, 0);
    expect(duplicates).toBe(4); // the five rollouts of the one coding task
    expect(summary.counts.skipped).toEqual([
      { reason: 'another rollout of the same task (one prompt per task)', count: duplicates },
    ]);
    const byData = (source: string) => rows.filter((r) => r.data_source === source);
    const truth = (r: Row) => (r.reward_model as Row).ground_truth as string | null;
    expect(byData('inspect').map(truth)).toEqual([' Yes']);
    expect(byData('coding').map(truth)).toEqual([null]);
    for (const row of byData('weather')) {
      const city = JSON.parse(truth(row) ?? 'null') as { expected_city: string };
      const prompt = (row.prompt as Message[]).map((m) => m.content).join('\n');
      expect(prompt).toContain(city.expected_city);
    }
    for (const row of byData('tau')) {
      const meta = tasks.find((r) => r.first === (row.extra_info as Row).trajectory_id)?.metadata;
      const task = (JSON.parse(String(meta)) as { task: { actions: unknown } }).task;
      expect((JSON.parse(truth(row) ?? '{}') as { actions: unknown }).actions).toEqual(
        task.actions,
      );
      expect(row.ability).toBe('airline');
    }
    // The agent loop: tool_agent where the trajectory has tool calls (or stored schemas, which
    // these samples only have on trajectories that call tools).
    const usingTools = await t.sql(
      `SELECT DISTINCT trajectory_id FROM turns WHERE json_array_length(tool_calls) > 0`,
    );
    const ids = new Set(usingTools.map((r) => r.trajectory_id));
    expect(rows.map((r) => r.agent_name)).toEqual(
      rows.map((r) =>
        ids.has((r.extra_info as Row).trajectory_id) ? 'tool_agent' : 'single_turn_agent',
      ),
    );
    expect(new Set(rows.map((r) => r.agent_name)).size).toBe(2);
  });

  it('verl-rl prompts stop before the first assistant turn and carry the stored segment credit', async () => {
    await t.runJob('startCredit', { segmentation: 'action' });
    const out = await t.exportTo({ target: 'verl-rl', out_dir: path.join(t.dir, 'verl-rl-c') });
    const { rows } = await readParquet(path.join(out.out_dir, 'train.parquet'));
    let segments = 0;
    for (const row of rows) {
      const info = row.extra_info as { trajectory_id: string; credit: Row[] };
      const preview = await t.call('previewExport', {
        target: 'trl-sft',
        filter: { trajectory_ids: [info.trajectory_id] },
      });
      const messages = (JSON.parse(preview.first_records[0] ?? '{}') as { messages: Message[] })
        .messages;
      const first = messages.findIndex((m) => m.role === 'assistant');
      expect(row.prompt).toEqual(messages.slice(0, first));
      const stored = await t.sql(
        `SELECT s.segment_index, s.turn_start, s.turn_end, c.total FROM segments s
         LEFT JOIN credit c USING (trajectory_id, segment_index, segmentation)
         WHERE s.trajectory_id = '${info.trajectory_id.replaceAll("'", "''")}' AND s.segmentation = 'action'
         ORDER BY s.segment_index`,
      );
      expect(info.credit).toEqual(stored);
      segments += stored.length;
    }
    expect(segments).toBeGreaterThan(0);
    // The schemas of every exported task, for verl's tool config, once per tool name.
    const schemas = JSON.parse(readFileSync(path.join(out.out_dir, 'tool_schemas.json'), 'utf8'));
    const names = (schemas as { function: { name: string } }[]).map((s) => s.function.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual([...new Set(names)].sort());
    expect(
      rows.some((r) =>
        (r.extra_info as { credit: Row[] }).credit.some((c) => typeof c.total === 'number'),
      ),
    ).toBe(true);
  });
});
