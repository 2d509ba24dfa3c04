// What an engine logs: each dispatch by method, time and outcome, jobs and the workspace opening,
// and never the content it handled: not the trajectory text, not a secret in a request.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk } from '../testing/dispatch-test-support';
import { openEngine, type LocalEngine } from '../engine';
import { plantedSecrets, type PlantedSecret } from '../testing/planted-secrets';
import { tempDir, turnwiseRecord, writeJsonl } from '../testing/test-support';
import { setLog, type Logger } from './logger';
import { fileLogger } from './rotating-log';

const MARKER = `TRAJTEXT${randomBytes(8).toString('hex')}`;
// One line each: a log line holds the first line of a text only.
const scannable = (p: PlantedSecret) => !p.text.includes('\n');
const SECRETS = plantedSecrets().filter(scannable);
const work = tempDir();
const logFile = path.join(work.dir, 'logs', 'engine.log');
let engine: LocalEngine;
let previous: Logger;
let previousThreshold: string | undefined;

beforeAll(async () => {
  previous = setLog(fileLogger(logFile));
  // Every query counts as slow, so the SQL it ran is logged too (as its redacted first line).
  previousThreshold = process.env.TURNWISE_SLOW_QUERY_MS;
  process.env.TURNWISE_SLOW_QUERY_MS = '0';
  const record = turnwiseRecord({ id: `t-${MARKER}`, task: MARKER });
  const messages = record.messages as Record<string, unknown>[];
  messages.push({ role: 'user', content: `${MARKER} ${SECRETS.map((s) => s.text).join(' ')}` });
  const file = writeJsonl(path.join(work.dir, 'in.jsonl'), [record]);
  engine = await openEngine({ dbPath: path.join(work.dir, 'ws.duckdb') });
  const job = await callOk(engine, 'startImport', {
    paths: [file],
    dataset: 'logged',
  });
  expect((await engine.waitForJob(job.job_id)).status).toBe('succeeded');
});

afterAll(async () => {
  await engine.close();
  setLog(previous);
  if (previousThreshold === undefined) delete process.env.TURNWISE_SLOW_QUERY_MS;
  else process.env.TURNWISE_SLOW_QUERY_MS = previousThreshold;
  work.cleanup();
});

describe('the engine log', () => {
  it('names each call and its outcome, never the content it carried', async () => {
    const literals = SECRETS.map((s) => `'${s.text.replaceAll("'", "''")}'`).join(', ');
    await callOk(engine, 'runSql', {
      sql: `SELECT ${literals}, '${MARKER}' AS m`,
    });
    await callOk(engine, 'runSql', {
      sql: `SELECT n_turns\n-- ${MARKER} ${SECRETS[0]?.text ?? ''}\nFROM trajectories`,
    });
    const listed = await callOk(engine, 'listTrajectories', {});
    const id = listed.rows[0]?.trajectory_id ?? '';
    await callOk(engine, 'getTrajectory', { trajectory_id: id });
    const missing = await engine.dispatch('getTrajectory', { trajectory_id: `x-${MARKER}` });
    expect(missing.ok).toBe(false);
    expect((await engine.dispatchByName(`${MARKER}${SECRETS[0]?.secret ?? ''}`, {})).ok).toBe(
      false,
    );

    const text = readFileSync(logFile, 'utf8');
    // The control: the log holds the calls, so the absence below is not an empty file's.
    expect(text).toMatch(/ info workspace\.open path=\S+ schema_version=\d+ read_only=false/);
    expect(text).toMatch(/ info job\.start job=\S+ kind=import/);
    expect(text).toMatch(/ info job\.end job=\S+ kind=import status=succeeded ms=\d+/);
    expect(text).toMatch(/ info dispatch method=runSql ms=\d+ result=ok/);
    expect(text).toMatch(/ info dispatch method=getTrajectory ms=\d+ result=not_found/);
    expect(text).toMatch(/ info dispatch method=\(unknown\) ms=\d+ result=unknown_method/);
    expect(text).toMatch(
      / warn slow-query kind=console ms=\d+ rows=1 sql="SELECT '[^"]*\[REDACTED:/,
    );
    expect(text).toMatch(/ warn slow-query kind=query ms=\d+ rows=\d+ sql=/);
    expect(text).toContain('sql="SELECT n_turns …"');
    expect(text).not.toContain(MARKER);
    for (const { kind, secret } of SECRETS) expect(text, kind).not.toContain(secret);
  });
});
