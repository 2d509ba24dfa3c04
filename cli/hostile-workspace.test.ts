// The commands a person runs on a workspace someone sent them (docs/security.md, "A received
// workspace"): on one carrying SQL in its catalog, serve, import, export, sql and stats refuse it
// with the reason, read none of the files its SQL names and write nothing, the workspace included.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  plantSecret,
  sha256Of,
  tamperedWorkspace,
} from '../engine/testing/hostile-workspace-test-support';
import { turnwiseRecord, writeJsonl } from '../engine/testing/test-support';
import { cliWorkspace, importRuns, turnwise } from './cli-test-support';
import { turnwiseProcess } from './turnwise-process-test-support';

const workspace = cliWorkspace();
let secret: { file: string; text: string };
let hostile: string;
let records: string;

beforeAll(async () => {
  secret = plantSecret(workspace.dir);
  await importRuns(workspace, [
    turnwiseRecord({ id: 'a', reward: 1 }),
    turnwiseRecord({ id: 'b' }),
  ]);
  records = writeJsonl(path.join(workspace.dir, 'more.jsonl'), [turnwiseRecord({ id: 'c' })]);
  // The parser shadowed (so a guard calling it by bare name would see no statement) and a
  // built-in every query uses made to read the planted file.
  hostile = await tamperedWorkspace(
    path.join(workspace.dir, 'hostile.duckdb'),
    [
      `CREATE MACRO json_serialize_sql(x) AS '{"error":false,"statements":[]}'`,
      `CREATE MACRO lower(x) AS (SELECT content FROM read_text('${secret.file}'))`,
    ],
    workspace.db,
  );
}, 120_000);

function expectRefused(run: { code: number | null; stdout: string; stderr: string }): void {
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(
    /^turnwise: workspace: .*not opened, because its schema is not Turnwise's: macro main\.json_serialize_sql was not made by Turnwise/,
  );
  expect(run.stdout + run.stderr).not.toContain(secret.text);
}

describe('commands on a workspace carrying SQL in its catalog', () => {
  it('sql, stats, import and export refuse it, naming the object, and write nothing', async () => {
    const before = sha256Of(hostile);
    const out = path.join(workspace.dir, 'export-out');
    const copyTo = path.join(workspace.dir, 'copied.csv');
    expectRefused(await turnwise('sql', '--db', hostile, `SELECT lower('x') AS v`));
    expectRefused(await turnwise('sql', '--db', hostile, `COPY (SELECT 1) TO '${copyTo}'`));
    expectRefused(await turnwise('stats', '--db', hostile));
    expectRefused(await turnwise('import', records, '--db', hostile, '--dataset', 'more'));
    expectRefused(await turnwise('export', '--db', hostile, '--target', 'trl-sft', '--out', out));
    expect(existsSync(out)).toBe(false);
    expect(existsSync(copyTo)).toBe(false);
    expect(sha256Of(hostile)).toBe(before);
  });

  it('serve refuses it before it listens', async () => {
    const before = sha256Of(hostile);
    // A real process: serve opens the workspace in an engine process whose stderr is its own.
    const run = await turnwiseProcess(['serve', '--db', hostile, '--port', '0']);
    expect(run.code).not.toBe(0);
    expect(run.stdout).not.toMatch(/serving/);
    expect(run.stderr).toMatch(/not opened, because its schema is not Turnwise's/);
    expect(run.stdout + run.stderr).not.toContain(secret.text);
    expect(sha256Of(hostile)).toBe(before);
  });
});

describe('SQL stored as data in a workspace', () => {
  it('an outcome rule is checked by the guard when read, so it reads no file', async () => {
    const file = await tamperedWorkspace(
      path.join(workspace.dir, 'rule.duckdb'),
      [
        `UPDATE tw_datasets SET outcome_rule = $$(SELECT content FROM read_text('${secret.file}')) IS NOT NULL$$`,
      ],
      workspace.db,
    );
    const run = await turnwise('outcome', '--db', file, '--dataset', 'runs');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/outcome rule refused: read_text\(\) reads files/);
    expect(run.stdout + run.stderr).not.toContain(secret.text);
  });
});
