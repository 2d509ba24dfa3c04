// The export API through openEngine + dispatch on a slice of the demo dataset: every target's
// records conform to its contract, files and manifest agree, exports are byte-for-byte
// deterministic and atomic, and the SQL condition guard refuses anything but one condition.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordErrors, schemaErrors } from './contracts/schema-check';
import {
  contract,
  type TestEngine,
  demoLines,
  openDemoEngine,
  readLines,
  sha256,
} from '../testing/export-test-workspace';

// 24 rollouts of 3 tasks: repair-000 (6 successes, 2 failures), investigate-002 (2, 6),
// config-001 (0, 8).
const LINES = demoLines(24);

describe('export', () => {
  let t: TestEngine;

  beforeAll(async () => {
    t = await openDemoEngine({ lines: 24 });
  }, 60_000);
  afterAll(() => t.cleanup());

  it.each([
    ['trl-sft', 24, 24],
    ['trl-kto', 24, 24],
    ['trl-dpo', 24, 4],
  ] as const)(
    '%s: records conform to the contract and agree with the manifest',
    async (target, n, records) => {
      const out = path.join(t.dir, `out-${target}`);
      const summary = await t.exportTo({ target, out_dir: out });
      expect(summary).toMatchObject({ target, trajectories: n, records });
      const [file] = summary.files;
      const rows = readLines(file ?? '');
      expect(rows).toHaveLength(records);
      const schema = contract(target);
      expect(recordErrors(file ?? '', rows, schema)).toEqual([]);
      const manifest = JSON.parse(readFileSync(summary.manifest, 'utf8'));
      expect(manifest.counts.records).toBe(rows.length);
      expect(manifest.counts.trajectories).toBe(n);
      expect(manifest.files).toEqual([
        {
          path: 'train.jsonl',
          records,
          bytes: readFileSync(file ?? '').length,
          sha256: sha256(file ?? ''),
        },
      ]);
      const [dataset] = (
        await t.call('runSql', {
          sql: 'SELECT dataset_id, content_sha256 FROM datasets',
        })
      ).rows;
      expect(manifest.sources).toEqual([
        expect.objectContaining({ dataset_id: 'demo', content_sha256: dataset?.content_sha256 }),
      ]);
      expect(manifest.tool).toEqual({
        name: 'turnwise',
        version: expect.any(String),
        duckdb: expect.stringMatching(/^v\d/),
      });
      // No credit was computed on this workspace.
      expect(manifest.credit_params).toBeNull();
      expect(readdirSync(t.dir).filter((name) => name.includes('.tmp-'))).toEqual([]);
    },
  );

  it('the contract check is not vacuous: a string for arguments or a missing label fails', () => {
    const sft = {
      messages: [
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ type: 'function', function: { name: 'f', arguments: '{"a":1}' } }],
        },
      ],
      tools: [],
    };
    expect(schemaErrors(sft, contract('trl-sft'))).not.toEqual([]);
    expect(schemaErrors({ prompt: [], completion: [] }, contract('trl-kto'))).not.toEqual([]);
  });

  it('trl-sft keeps tool calls as objects, results as tool messages, and the stored tool schemas', async () => {
    const preview = await t.call('previewExport', {
      target: 'trl-sft',
      filter: { trajectory_ids: ['demo:repair-000-s0'] },
    });
    expect(preview.records).toBe(1);
    const record = JSON.parse(preview.first_records[0] ?? '{}');
    const source = JSON.parse(LINES[0] ?? '{}');
    expect(record.messages).toHaveLength(source.messages.length);
    expect(record.messages[2].tool_calls[0]).toEqual({
      type: 'function',
      function: { name: 'read_file', arguments: { path: 'src/stockroom/pager.py' } },
    });
    expect(record.messages[3]).toMatchObject({ role: 'tool', name: 'read_file' });
    expect(record.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(
      source.tools.map((t: { function: { name: string } }) => t.function.name),
    );
  });

  it('trl-kto labels by success and splits the prompt at the first assistant turn', async () => {
    const summary = await t.exportTo({ target: 'trl-kto', out_dir: path.join(t.dir, 'kto2') });
    const rows = readLines(summary.files[0] ?? '');
    expect(rows.filter((r) => r.label === true)).toHaveLength(8);
    for (const row of rows) {
      expect((row.prompt as { role: string }[]).map((m) => m.role)).toEqual(['system', 'user']);
      expect((row.completion as { role: string }[])[0]?.role).toBe('assistant');
    }
  });

  it('trl-dpo pairs successes with failures per task and reports the unpaired', async () => {
    const preview = await t.call('previewExport', { target: 'trl-dpo', limit: 10 });
    expect(preview.records).toBe(4);
    expect(preview.skipped).toEqual([
      { reason: 'no trajectory of the opposite outcome left to pair with', count: 16 },
    ]);
    for (const line of preview.first_records) {
      const row = JSON.parse(line);
      expect(row.prompt.map((m: { role: string }) => m.role)).toEqual(['system', 'user']);
      expect(row.chosen).not.toEqual(row.rejected);
    }
  });

  it('the preview shows the first records exactly as written', async () => {
    const preview = await t.call('previewExport', {
      target: 'trl-sft',
    });
    const written = readFileSync(path.join(t.dir, 'out-trl-sft', 'train.jsonl'), 'utf8');
    expect(preview.first_records).toEqual(written.split('\n').slice(0, 3));
  });

  it('is deterministic: two exports give byte-identical files and manifests', async () => {
    const input = { target: 'trl-dpo', filter: { outcome: 'any' }, max_per_task: 5 } as const;
    const a = await t.exportTo({ ...input, out_dir: path.join(t.dir, 'det-a') });
    const b = await t.exportTo({ ...input, out_dir: path.join(t.dir, 'det-b') });
    for (const name of ['train.jsonl', 'turnwise-manifest.json']) {
      expect(sha256(path.join(a.out_dir, name))).toBe(sha256(path.join(b.out_dir, name)));
    }
  });

  it('max_per_task caps each task; where narrows by a condition', async () => {
    const capped = await t.call('previewExport', {
      target: 'trl-sft',
      max_per_task: 1,
    });
    expect(capped.trajectories).toBe(3);
    const where = await t.call('previewExport', {
      target: 'trl-sft',
      where: "task_id = 'repair-000' AND reward > 0.5",
    });
    const [expected] = (
      await t.call('runSql', {
        sql: "SELECT count(*) AS n FROM trajectories WHERE task_id = 'repair-000' AND reward > 0.5",
      })
    ).rows;
    expect(where.trajectories).toBe(expected?.n);
    expect(where.trajectories).toBeGreaterThan(0);
  });

  it.each([
    ['1=1; DROP TABLE x', /";"/],
    ['1=1 -- comment', /comments/],
    ['trajectory_id IN (SELECT trajectory_id FROM tw_turns)', /tw_turns is not a public view/],
    ['(SELECT count(*) FROM "tw_labels") = 0', /tw_labels is not a public view/],
    ['1=1) UNION (SELECT 1', /closes a parenthesis/],
    ["(SELECT count(*) FROM query_table('tw_labels')) = 0", /query_table\(\) reads files/],
    ["task_id IN (SELECT column0 FROM read_csv('/etc/hosts'))", /read_csv\(\) reads files/],
    ["(SELECT count(*) FROM glob('/*')) > 0", /glob\(\) reads files/],
    ["(SELECT content FROM read_text('/etc/passwd')) IS NOT NULL", /read_text\(\) reads files/],
    ["getenv('HOME') IS NOT NULL", /getenv\(\) is not an allowed function/],
    ['reward >', /syntax error/],
    ['no_such_column = 1', /not a boolean condition on the trajectories view/],
  ])('refuses the condition %j and writes nothing', async (where, why) => {
    const out = path.join(t.dir, 'refused');
    const result = await t.engine.dispatch('startExport', {
      target: 'trl-sft',
      out_dir: out,
      where,
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_input');
      expect(result.error.message).toMatch(why);
    }
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(t.dir).filter((name) => name.startsWith('refused'))).toEqual([]);
  });

  it('accepts a semicolon inside a string literal', async () => {
    const preview = await t.call('previewExport', {
      target: 'trl-sft',
      where: "task_id <> 'a;b -- c'",
    });
    expect(preview.trajectories).toBe(24);
  });

  it('refuses a non-empty output folder, and overwrites only a previous export', async () => {
    const out = path.join(t.dir, 'busy');
    mkdirSync(out);
    writeFileSync(path.join(out, 'keep.txt'), 'mine');
    const refused = await t.engine.dispatch('startExport', { target: 'trl-sft', out_dir: out });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(/exists and is not empty/);
    // Refused before a job starts, so the caller hears why at once.
    const mine = await t.engine.dispatch('startExport', {
      target: 'trl-sft',
      out_dir: out,
      overwrite: true,
    });
    expect(mine.ok).toBe(false);
    if (!mine.ok) expect(mine.error.message).toMatch(/no readable turnwise-manifest\.json/);
    expect(readdirSync(out)).toEqual(['keep.txt']);
    const previous = path.join(t.dir, 'previous');
    await t.exportTo({ target: 'trl-sft', out_dir: previous });
    const summary = await t.exportTo({ target: 'trl-kto', out_dir: previous, overwrite: true });
    expect(readdirSync(summary.out_dir).sort()).toEqual(['train.jsonl', 'turnwise-manifest.json']);
  });

  it('a cancelled export leaves neither the output folder nor a temporary one', async () => {
    const parent = path.join(t.dir, 'cancel');
    mkdirSync(parent);
    const out = path.join(parent, 'out');
    const job = await t.call('startExport', { target: 'trl-sft', out_dir: out });
    await t.call('cancelJob', { job_id: job.job_id });
    const final = await t.engine.waitForJob(job.job_id);
    expect(final.status).toBe('cancelled');
    expect(readdirSync(parent)).toEqual([]);
  });
});
