import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lineLogger, setLog, type Logger } from '../logging/logger';
import { tempDir } from '../testing/test-support';
import { DEFAULT_SLOW_QUERY_MS, slowQueryMs, timeQuery } from './query-timing';
import { Workspace } from './workspace';

const PARAM = `param-${'q'.repeat(8)}-${Date.now()}`;
const work = tempDir();
const lines: string[] = [];
let workspace: Workspace;
let previous: Logger;
const threshold = process.env.TURNWISE_SLOW_QUERY_MS;

function setThreshold(value: string | undefined): void {
  if (value === undefined) delete process.env.TURNWISE_SLOW_QUERY_MS;
  else process.env.TURNWISE_SLOW_QUERY_MS = value;
}

beforeAll(async () => {
  workspace = await Workspace.open(path.join(work.dir, 'ws.duckdb'));
  previous = setLog(lineLogger((line) => lines.push(line)));
});

afterEach(() => {
  lines.length = 0;
  setThreshold(threshold);
});

afterAll(() => {
  setLog(previous);
  workspace.close();
  work.cleanup();
});

describe('slow-query logging', () => {
  it('logs a query over the threshold with its time, rows and first line, never its parameters', async () => {
    setThreshold('0');
    await workspace.query('SELECT $1::VARCHAR AS v FROM range(3)\n-- second line', [PARAM]);
    await workspace.run('CREATE TEMP TABLE timed AS SELECT $1::VARCHAR AS v', [PARAM]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\S+ warn slow-query kind=query ms=\d+ rows=3 sql="SELECT \$1::VARCHAR AS v FROM range\(3\) …"$/,
    );
    expect(lines[1]).toMatch(/ warn slow-query kind=run ms=\d+ sql="CREATE TEMP TABLE timed AS /);
    expect(lines.join('\n')).not.toContain(PARAM);
  });

  it('logs the statements of a transaction, its BEGIN and COMMIT included', async () => {
    setThreshold('0');
    await workspace.transaction(async (tx) => {
      await tx.run('CREATE TEMP TABLE in_tx AS SELECT $1::VARCHAR AS v', [PARAM]);
      const reader = await tx.runAndReadAll('SELECT v FROM in_tx, range(2)');
      expect(reader.getRows()).toHaveLength(2);
    });
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/ warn slow-query kind=transaction ms=\d+ sql="BEGIN TRANSACTION"$/);
    expect(lines[1]).toMatch(/ kind=transaction ms=\d+ sql="CREATE TEMP TABLE in_tx AS /);
    expect(lines[2]).toMatch(
      / kind=transaction ms=\d+ rows=2 sql="SELECT v FROM in_tx, range\(2\)"$/,
    );
    expect(lines[3]).toMatch(/ kind=transaction ms=\d+ sql=COMMIT$/);
    expect(lines.join('\n')).not.toContain(PARAM);
  });

  it('logs nothing under the threshold', async () => {
    setThreshold('60000');
    await workspace.query('SELECT 1 AS one');
    expect(lines).toEqual([]);
  });

  it('logs a slow query that failed as an error', async () => {
    setThreshold('0');
    await expect(
      timeQuery('console', 'SELECT nope', () => Promise.reject(new Error('no such column'))),
    ).rejects.toThrow('no such column');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      / warn slow-query kind=console ms=\d+ result=error sql="SELECT nope"$/,
    );
  });

  it.each([
    [undefined, DEFAULT_SLOW_QUERY_MS],
    ['', DEFAULT_SLOW_QUERY_MS],
    ['abc', DEFAULT_SLOW_QUERY_MS],
    ['-5', DEFAULT_SLOW_QUERY_MS],
    ['0', 0],
    ['1500', 1500],
  ])('reads TURNWISE_SLOW_QUERY_MS=%s as %d ms', (value, expected) => {
    setThreshold(value);
    expect(slowQueryMs()).toBe(expected);
  });
});
