// The views over attached files are not in the reference catalog, so opening compares each with
// what this code builds from the attachment's checked spec: an intact workspace opens in every
// mode, a tampered view is refused by a read-only open and built again by a writable one.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk } from '../../testing/dispatch-test-support';
import { openEngine } from '../../engine';
import { writeParquet } from '../../testing/parquet-rows-fixture';
import { sha256Of, tamperedWorkspace } from '../../testing/hostile-workspace-test-support';
import { tempDir } from '../../testing/test-support';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

let attached: string;
let viewKey: string;
const secretFile = path.join(tmp.dir, 'secret.txt');
const SECRET = 'ATTACHED-SECRET-51c0';

beforeAll(async () => {
  writeFileSync(secretFile, SECRET);
  const parquet = await writeParquet(
    path.join(tmp.dir, 'demo.parquet'),
    `SELECT * FROM read_json('datasets/demo/demo.jsonl', format = 'newline_delimited') LIMIT 8`,
  );
  attached = path.join(tmp.dir, 'attached.duckdb');
  const engine = await openEngine({ dbPath: attached });
  try {
    const job = await callOk(engine, 'startImport', {
      paths: [parquet],
      attach: true,
      dataset: 'referenced',
    });
    expect((await engine.waitForJob(job.job_id)).error).toBeNull();
    const [row] = await engine.workspace.query('SELECT view_key FROM tw_attachments');
    viewKey = String(row?.view_key);
  } finally {
    await engine.close();
  }
}, 60_000);

const turnCount = async (dbPath: string, readOnly: boolean) => {
  const engine = await openEngine({ dbPath, readOnly });
  try {
    return (await engine.workspace.query('SELECT count(*)::INTEGER AS n FROM turns'))[0]?.n;
  } finally {
    await engine.close();
  }
};

describe('the views over attached files', () => {
  it('open as built, read-only and writable', async () => {
    const turns = await turnCount(attached, true);
    expect(turns).toBeGreaterThan(0);
    expect(await turnCount(attached, false)).toBe(turns);
  });

  it.each([
    ['the union view', () => `tw_all_turns`],
    ["an attachment's own view", () => `tw_att_${viewKey}_turns`],
  ])('%s rewritten to read a file: refused read-only, built again writable', async (_, view) => {
    const expected = await turnCount(attached, true);
    const file = await tamperedWorkspace(
      path.join(tmp.dir, `tampered-${view()}.duckdb`),
      [
        `CREATE OR REPLACE VIEW ${view()} AS SELECT * REPLACE (
           (SELECT content FROM read_text('${secretFile}')) AS content) FROM tw_turns`,
      ],
      attached,
    );
    const before = sha256Of(file);
    await expect(openEngine({ dbPath: file, readOnly: true })).rejects.toThrow(
      new RegExp(`view main\\.${view()} is not the view Turnwise builds`),
    );
    expect(sha256Of(file)).toBe(before);
    const engine = await openEngine({ dbPath: file });
    try {
      const rows = await engine.workspace.query('SELECT content FROM turns');
      expect(rows).toHaveLength(expected as number);
      expect(JSON.stringify(rows)).not.toContain(SECRET);
    } finally {
      await engine.close();
    }
    expect(await turnCount(file, true)).toBe(expected);
  });
});
