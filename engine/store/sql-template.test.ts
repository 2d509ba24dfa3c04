import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing/test-support';
import { resolveStatement, sql } from './sql-template';
import { Workspace } from './workspace';

describe('sql template', () => {
  it('numbers each value in order and keeps values out of the text', () => {
    const id = "x'; DROP TABLE t; --";
    const query = sql`SELECT * FROM t WHERE id = ${id} AND n > ${3} AND ok = ${true} AND z IS ${null}`;
    expect(query.text).toBe('SELECT * FROM t WHERE id = $1 AND n > $2 AND ok = $3 AND z IS $4');
    expect(query.params).toEqual([id, 3, true, null]);
  });

  it('renumbers nested fragments and joined parts where they land', () => {
    const byDataset = sql`dataset_id = ${'d1'}`;
    const byTask = sql`task_id = ${'t1'}`;
    const where = sql.join([byDataset, byTask], ' AND ');
    const query = sql`SELECT ${sql.raw('trajectory_id')} FROM t WHERE n = ${1} AND ${where} LIMIT ${10}`;
    expect(query.text).toBe(
      'SELECT trajectory_id FROM t WHERE n = $1 AND dataset_id = $2 AND task_id = $3 LIMIT $4',
    );
    expect(query.params).toEqual([1, 'd1', 't1', 10]);
    // The parts keep their own numbering when used on their own.
    expect(byTask.text).toBe('task_id = $1');
    expect(sql.join([]).text).toBe('');
  });

  it('spreads a list into one placeholder per item', () => {
    const query = sql`SELECT 1 WHERE a = ${'a'} AND x IN ${['p', 'q', 'r']} AND y IN ${[7]}`;
    expect(query.text).toBe('SELECT 1 WHERE a = $1 AND x IN ($2, $3, $4) AND y IN ($5)');
    expect(query.params).toEqual(['a', 'p', 'q', 'r', 7]);
    expect(sql`x IN ${[]}`.text).toBe('x IN (SELECT NULL WHERE false)');
  });

  it('refuses undefined, naming the value and the first line of the query', () => {
    const missing: string | undefined = undefined;
    expect(
      () => sql`SELECT 1
      WHERE a = ${1} AND b = ${missing as unknown as string}`,
    ).toThrow(/undefined value #2 in "SELECT 1"/);
    expect(() => sql`x IN ${['a', undefined as unknown as string]}`).toThrow(
      /list item 2 is not a value/,
    );
  });

  it('quotes identifiers, doubling their quotes', () => {
    expect(sql`SELECT ${sql.identifier('a"b')} FROM t`.text).toBe('SELECT "a""b" FROM t');
  });

  it('takes a fragment or text with params, never a fragment with params', () => {
    expect(resolveStatement('SELECT $1', [1])).toEqual({ text: 'SELECT $1', params: [1] });
    expect(resolveStatement(sql`SELECT ${1}`)).toEqual({ text: 'SELECT $1', params: [1] });
    expect(() => resolveStatement(sql`SELECT ${1}`, [2])).toThrow(/carries its own params/);
  });

  it('runs through workspace.query and run, an empty list matching nothing', async () => {
    const temp = tempDir();
    const workspace = await Workspace.open(path.join(temp.dir, 'ws.duckdb'));
    try {
      await workspace.run(sql`CREATE TABLE t AS SELECT * FROM range(${5}) r(x)`);
      const pick = (list: number[]) =>
        workspace.query(sql`SELECT
          count(*) FILTER (WHERE x IN ${list})::INTEGER AS inside,
          count(*) FILTER (WHERE x NOT IN ${list})::INTEGER AS outside FROM t`);
      expect(await pick([1, 3])).toEqual([{ inside: 2, outside: 3 }]);
      expect(await pick([])).toEqual([{ inside: 0, outside: 5 }]);
    } finally {
      workspace.close();
      temp.cleanup();
    }
  });
});
