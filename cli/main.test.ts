// The CLI contract of docs/cli.md, exercised through the `turnwise` command's main().
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeParquet } from '../engine/testing/parquet-rows-fixture';
import { tempDir, turnwiseRecord, writeJsonl } from '../engine/testing/test-support';
import { plantedSecrets } from '../engine/testing/planted-secrets';
import { turnwise } from './cli-test-support';

let dir: string;
let cleanup: () => void;
let db: string;

beforeAll(() => {
  ({ dir, cleanup } = tempDir());
  db = path.join(dir, 'ws.duckdb');
});
afterAll(() => cleanup());

describe('turnwise CLI', () => {
  it('import --json prints exactly one JSON object with the contract fields', async () => {
    const file = writeJsonl(path.join(dir, 'runs.jsonl'), [
      turnwiseRecord({ id: 'a', task: 'T1', reward: 1, success: true, actions: 2 }),
      turnwiseRecord({ id: 'b', task: 'T1', reward: 0, success: false, actions: 1 }),
    ]);
    const run = await turnwise('import', file, '--db', db, '--json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const summary = JSON.parse(lines[0] ?? '');
    expect(Object.keys(summary).sort()).toEqual(
      [
        'actions',
        'dataset',
        'datasets',
        'dropped',
        'skipped_files',
        'format',
        'seconds',
        'skipped',
        'trajectories',
        'turns',
        'secrets',
        'secrets_redacted',
      ].sort(),
    );
    expect(summary).toMatchObject({
      dataset: 'runs',
      format: 'turnwise',
      trajectories: 2,
      turns: 12,
      actions: 3,
      skipped: [],
      secrets: 'redacted',
      secrets_redacted: 0,
    });
  });

  it('import redacts secrets, redactions lists them, --keep-secrets keeps them', async () => {
    const key = plantedSecrets().find((planted) => planted.kind === 'github-pat')?.secret ?? '';
    const record = (id: string) => ({
      ...turnwiseRecord({ id, task: 'T' }),
      metadata: { note: `token ${key} here`, config: { password: 'hunter2-hunter2' } },
    });
    const secretDb = path.join(dir, 'secrets.duckdb');
    const redacted = writeJsonl(path.join(dir, 'secret-a.jsonl'), [record('a')]);
    const imported = await turnwise('import', redacted, '--db', secretDb);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain('Redacted 2 secrets');
    const report = JSON.parse(
      (await turnwise('redactions', '--db', secretDb, '--dataset', 'secret-a', '--json')).stdout,
    );
    expect(report).toMatchObject({
      secrets: 'redacted',
      total: 2,
      places: [
        { trajectory_id: 'secret-a:a', turn_index: null, field: 'trajectory_metadata', count: 1 },
        { trajectory_id: 'secret-a:a', turn_index: null, field: 'trajectory_metadata', count: 1 },
      ],
    });
    expect(report.by_kind.map((row: { kind: string }) => row.kind).sort()).toEqual([
      'github-pat',
      'secret-named-field',
    ]);
    const text = (await turnwise('redactions', '--db', secretDb, '--dataset', 'secret-a')).stdout;
    expect(text).toContain('scanned and redacted at import; 2 redacted');
    const kept = writeJsonl(path.join(dir, 'secret-b.jsonl'), [record('b')]);
    expect((await turnwise('import', kept, '--db', secretDb, '--keep-secrets')).stdout).toContain(
      'Secrets were kept',
    );
    const stored = await turnwise(
      'sql',
      '--db',
      secretDb,
      'SELECT dataset_id, secrets, metadata::VARCHAR AS m FROM trajectories JOIN datasets USING (dataset_id) ORDER BY 1',
      '--json',
    );
    const rows = JSON.parse(stored.stdout).rows as { secrets: string; m: string }[];
    expect(rows.map((row) => row.secrets)).toEqual(['redacted', 'kept']);
    expect(rows[0]?.m).not.toContain(key);
    expect(rows[0]?.m).toContain('[REDACTED:github-pat]');
    expect(rows[1]?.m).toContain(key);
  });

  it('stats --json and sql --json follow the contract', async () => {
    const stats = JSON.parse((await turnwise('stats', '--db', db, '--json')).stdout);
    expect(stats).toEqual({
      datasets: [
        {
          dataset_id: 'runs',
          name: 'runs',
          format: 'turnwise',
          trajectories: 2,
          turns: 12,
          groups: 1,
          mixed_prompt_groups: 0,
          success_rate: 0.5,
        },
      ],
    });
    const sql = await turnwise(
      'sql',
      '--db',
      db,
      'SELECT trajectory_id, reward FROM trajectories ORDER BY 1',
      '--json',
    );
    expect(sql.code).toBe(0);
    expect(JSON.parse(sql.stdout)).toEqual({
      columns: ['trajectory_id', 'reward'],
      rows: [
        { trajectory_id: 'runs:a', reward: 1 },
        { trajectory_id: 'runs:b', reward: 0 },
      ],
    });
  });

  it('sql stops at its time limit, cuts at its size limit, and keeps the workspace limits', async () => {
    const bomb =
      'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r';
    const stopped = await turnwise('sql', '--db', db, '--timeout', '1', bomb);
    expect(stopped.code).toBe(2);
    expect(stopped.stderr).toMatch(
      /^turnwise: sql: the query was stopped after its time limit of 1 s/,
    );

    const cut = await turnwise(
      'sql',
      '--db',
      db,
      '--max-mb',
      '1',
      "SELECT repeat('x', 100000) AS s FROM range(100)",
      '--json',
    );
    expect(cut.code).toBe(0);
    expect(JSON.parse(cut.stdout).rows).toHaveLength(10);
    expect(cut.stderr).toBe('turnwise: sql: result cut at 1 MB (--max-mb)\n');

    const saved = await turnwise('sql', '--db', db, '--save-limits', '--timeout', '1', '--json');
    expect(JSON.parse(saved.stdout)).toEqual({ timeout_s: 1, max_result_mb: 16 });
    expect((await turnwise('sql', '--db', db, bomb)).stderr).toMatch(/time limit of 1 s/);
    expect((await turnwise('sql', '--db', db, '--save-limits', '--timeout', '30')).stdout).toBe(
      'SQL limits: 30 s per query, results cut at 16 MB\n',
    );
    expect((await turnwise('sql', '--db', db, '--timeout', '0', 'SELECT 1')).stderr).toBe(
      'turnwise: usage: --timeout is a number from 1 to 3600\n',
    );
  });

  it('sql refuses anything but a query, exit 2, and changes nothing', async () => {
    const run = await turnwise('sql', '--db', db, 'DELETE FROM turns');
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^turnwise: sql: only a query .* DELETE statements are refused\n$/);
    const count = JSON.parse(
      (await turnwise('sql', '--db', db, 'SELECT count(*) AS n FROM turns', '--json')).stdout,
    );
    expect(count.rows).toEqual([{ n: 12 }]);
  });

  it('a bad file fails with file:line: reason, exit 2, and leaves the workspace unchanged', async () => {
    const bad = writeJsonl(path.join(dir, 'broken.jsonl'), [
      turnwiseRecord({ id: 'ok' }),
      '{"messages": 3}',
    ]);
    const run = await turnwise('import', bad, '--db', db, '--json');
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `turnwise: import: ${bad}:2: messages: expected a list of messages; pass --on-error skip ` +
        'to import the good records and list the bad ones\n',
    );
    const stats = JSON.parse((await turnwise('stats', '--db', db, '--json')).stdout);
    expect(stats.datasets).toHaveLength(1);

    const skipped = JSON.parse(
      (await turnwise('import', bad, '--db', db, '--on-error', 'skip', '--json')).stdout,
    );
    expect(skipped).toMatchObject({
      trajectories: 1,
      skipped: [{ file: bad, line: 2, reason: 'messages: expected a list of messages' }],
    });
  });

  it('re-importing identical content is reported', async () => {
    const run = await turnwise('import', path.join(dir, 'runs.jsonl'), '--db', db);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/identical content was already imported as dataset 'runs'/);
  });

  it('regroup previews, applies and resets a grouping expression', async () => {
    const preview = await turnwise(
      'regroup',
      '--db',
      db,
      '--dataset',
      'runs',
      '--by',
      "task_id || '/' || success",
      '--dry-run',
      '--json',
    );
    expect(preview.code).toBe(0);
    expect(JSON.parse(preview.stdout)).toMatchObject({ groups: 2 });
    expect(
      JSON.parse(
        (
          await turnwise(
            'regroup',
            '--db',
            db,
            '--dataset',
            'runs',
            '--by',
            "task_id || '/' || success",
            '--json',
          )
        ).stdout,
      ),
    ).toEqual({ groups: 2 });
    const groups = JSON.parse(
      (
        await turnwise(
          'sql',
          '--db',
          db,
          "SELECT DISTINCT group_id FROM trajectories WHERE dataset_id = 'runs' ORDER BY 1",
          '--json',
        )
      ).stdout,
    );
    expect(groups.rows).toEqual([{ group_id: 'T1/false' }, { group_id: 'T1/true' }]);
    expect(
      JSON.parse(
        (await turnwise('regroup', '--db', db, '--dataset', 'runs', '--reset', '--json')).stdout,
      ),
    ).toEqual({ groups: 1 });
    const bad = await turnwise(
      'regroup',
      '--db',
      db,
      '--dataset',
      'runs',
      '--by',
      '1); DROP TABLE tw_turns; --',
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^turnwise: regroup: grouping expression refused: /);
    expect((await turnwise('regroup', '--db', db, '--dataset', 'runs')).stderr).toBe(
      'turnwise: usage: give either --by "SQL EXPRESSION" or --reset\n',
    );
  });

  it('format options reach the reader: --task-field and --reward-field on OpenAI chat JSONL', async () => {
    const file = path.join(dir, 'chats.jsonl');
    writeFileSync(
      file,
      [
        { messages: [{ role: 'user', content: 'hi' }], meta: { problem: 'P1', grade: 0.25 } },
        { messages: [{ role: 'user', content: 'yo' }], meta: { problem: 'P1', grade: 1 } },
      ]
        .map((r) => JSON.stringify(r))
        .join('\n'),
    );
    const run = await turnwise(
      'import',
      file,
      '--db',
      db,
      '--format',
      'openai-chat',
      '--task-field',
      'meta.problem',
      '--reward-field',
      'meta.grade',
      '--json',
    );
    expect(run.stderr).toBe('');
    const rows = JSON.parse(
      (
        await turnwise(
          'sql',
          '--db',
          db,
          "SELECT task_id, reward FROM trajectories WHERE dataset_id = 'chats' ORDER BY reward",
          '--json',
        )
      ).stdout,
    );
    expect(rows.rows).toEqual([
      { task_id: 'P1', reward: 0.25 },
      { task_id: 'P1', reward: 1 },
    ]);
  });

  it('import --attach reads Parquet in place: indexed trajectories, turns through the views', async () => {
    const file = await writeParquet(
      path.join(dir, 'hf-dump.parquet'),
      `SELECT 'task-' || (i % 2) AS task_id, i % 3 = 0 AS success, [
         {'role': 'user', 'content': 'Solve ' || i},
         {'role': 'assistant', 'content': 'done ' || i}] AS messages FROM range(6) t(i)`,
    );
    const run = await turnwise(
      'import',
      file,
      '--db',
      db,
      '--attach',
      '--dataset',
      'dump',
      '--json',
    );
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toMatchObject({ dataset: 'dump', trajectories: 6, turns: 12 });
    const rows = JSON.parse(
      (
        await turnwise(
          'sql',
          '--db',
          db,
          `SELECT d.storage, count(*) AS turns, count(DISTINCT t.group_id) AS groups,
           sum(t.reward) AS rewards
         FROM turns u JOIN trajectories t USING (trajectory_id) JOIN datasets d USING (dataset_id)
         WHERE dataset_id = 'dump' AND u.role = 'assistant' GROUP BY ALL`,
          '--json',
        )
      ).stdout,
    );
    expect(rows.rows).toEqual([{ storage: 'attached', turns: 6, groups: 2, rewards: 2 }]);
    const human = await turnwise('import', file, '--db', db, '--attach');
    expect(human.code).toBe(2);
    expect(human.stderr).toMatch(/already attached as dataset 'dump'/);
  });

  it('a user mapping imports from a spec file, is saved, and is reused by name', async () => {
    const spec = path.join(dir, 'spec.json');
    writeFileSync(
      spec,
      JSON.stringify({
        messages: 'turns',
        role: 'who',
        content: 'said',
        roles: { me: 'user', it: 'assistant' },
        id: 'key',
        reward: 'r',
      }),
    );
    const data = path.join(dir, 'custom.jsonl');
    writeFileSync(
      data,
      JSON.stringify({
        key: 'k1',
        r: 1,
        turns: [
          { who: 'me', said: 'a' },
          { who: 'it', said: 'b' },
        ],
      }) + '\n',
    );
    const first = JSON.parse(
      (
        await turnwise(
          'import',
          data,
          '--db',
          db,
          '--mapping',
          spec,
          '--save-mapping',
          'my-shape',
          '--json',
        )
      ).stdout,
    );
    expect(first).toMatchObject({ format: 'mapping', trajectories: 1, turns: 2 });
    const again = path.join(dir, 'custom-2.jsonl');
    writeFileSync(
      again,
      JSON.stringify({ key: 'k2', r: 0, turns: [{ who: 'me', said: 'c' }] }) + '\n',
    );
    const second = JSON.parse(
      (await turnwise('import', again, '--db', db, '--format', 'mapping:my-shape', '--json'))
        .stdout,
    );
    expect(second).toMatchObject({ format: 'mapping:my-shape', trajectories: 1 });
    const bad = path.join(dir, 'bad-spec.json');
    writeFileSync(bad, JSON.stringify({ role: 'who' }));
    const refused = await turnwise('import', data, '--db', db, '--mapping', bad);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^turnwise: usage: --mapping .*bad-spec\.json: messages: /);
    expect((await turnwise('import', data, '--db', db, '--format', 'mapping:nope')).stderr).toMatch(
      /no saved mapping named 'nope'/,
    );
  });

  it('formats lists every reader with the layouts it reads and what each was checked against', async () => {
    type Listed = { name: string; layouts: { layout: string; checked: string }[] };
    const { formats } = JSON.parse((await turnwise('formats', '--json')).stdout) as {
      formats: Listed[];
    };
    expect(formats.map((f) => f.name)).toContain('turnwise');
    for (const format of formats) {
      expect(format.layouts.length, format.name).toBeGreaterThan(0);
      for (const layout of format.layouts) expect(layout.checked, format.name).not.toBe('');
    }
    const inspect = formats.find((f) => f.name === 'inspect');
    expect(inspect?.layouts.map((l) => l.layout)).toContainEqual(expect.stringMatching(/chunked/));
    const table = (await turnwise('formats')).stdout;
    expect(table).toMatch(/^format +layout +checked$/m);
    expect(table).toMatch(
      /^claude-code +<session>\.jsonl with inline sidechains +Claude Code 1\.0\.108$/m,
    );
  });

  it('usage errors exit 2 with a clear message', async () => {
    expect((await turnwise('stats')).stderr).toBe('turnwise: usage: --db FILE is required\n');
    expect((await turnwise('stats')).code).toBe(2);
    expect((await turnwise('frobnicate')).code).toBe(2);
    expect((await turnwise('serve', '--db', 'x.duckdb', '--max-upload-mb', '0')).stderr).toBe(
      'turnwise: usage: --max-upload-mb is a number from 1 to 1048576\n',
    );
    expect(
      (await turnwise('sql', '--db', path.join(dir, 'nope.duckdb'), 'SELECT 1')).stderr,
    ).toMatch(/^turnwise: workspace: .*nope\.duckdb: no such workspace file\n$/);
    expect(existsSync(path.join(dir, 'nope.duckdb'))).toBe(false);
  });

  it('refuses a workspace from a newer schema version', async () => {
    const file = path.join(dir, 'not-a-db.duckdb');
    writeFileSync(file, 'garbage'.repeat(1000));
    const run = await turnwise('stats', '--db', file);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^turnwise: workspace: .*not-a-db\.duckdb: /);
  });
});
