import { describe, expect, it } from 'vitest';
import { hrefFor, parseRoute } from '../../routing/routes';
import { chartPairs, defaultChartPair, trajectoryIdsOf } from './result-columns';
import { aliasesIn, catalogFromRows } from './sql-catalog';

const result = (columns: [string, string][], rows: Record<string, unknown>[] = []) => ({
  columns: columns.map(([name, type]) => ({ name, type })),
  rows,
  truncated: false,
  cut_by: null,
  bytes: 0,
  max_bytes: 2 ** 24,
});

describe('result columns', () => {
  it('pairs a category with a number, preferring a text category', () => {
    const r = result([
      ['n', 'BIGINT'],
      ['task_id', 'VARCHAR'],
      ['rate', 'DOUBLE'],
    ]);
    expect(defaultChartPair(r)).toEqual({ category: 'task_id', value: 'n' });
    expect(chartPairs(result([['task_id', 'VARCHAR']]))).toEqual([]);
  });

  it('collects distinct non-null trajectory ids up to a limit', () => {
    const r = result(
      [['trajectory_id', 'VARCHAR']],
      [
        { trajectory_id: 'a' },
        { trajectory_id: null },
        { trajectory_id: 'a' },
        { trajectory_id: 'b,c' },
        { trajectory_id: 'd' },
      ],
    );
    expect(trajectoryIdsOf(r, 2)).toEqual(['a', 'b,c']);
    expect(trajectoryIdsOf(result([['id', 'VARCHAR']], [{ id: 'a' }]), 10)).toEqual([]);
  });

  it('round-trips ids (even with commas and slashes) through the trajectories route', () => {
    const ids = ['a', 'b,c', 'x/y:z'];
    const href = hrefFor({ name: 'trajectories', filter: { trajectory_ids: ids } });
    expect(href.startsWith('#/trajectories?ids=')).toBe(true);
    expect(parseRoute(href)).toEqual({ name: 'trajectories', filter: { trajectory_ids: ids } });
    expect(parseRoute('#/trajectories')).toEqual({ name: 'trajectories' });
  });
});

describe('sql catalog', () => {
  const catalog = catalogFromRows([
    { table_name: 'turns', column_name: 'role', data_type: 'VARCHAR' },
    { table_name: 'turns', column_name: 'role', data_type: 'VARCHAR' },
    { table_name: 'credit', column_name: 'advantage', data_type: 'DOUBLE' },
  ]);

  it('lists each column once per view', () => {
    expect(catalog.get('turns')).toEqual([{ name: 'role', type: 'VARCHAR' }]);
  });

  it('resolves aliases of known views only', () => {
    const aliases = aliasesIn(
      'SELECT * FROM turns t JOIN credit AS c USING (x) JOIN foo f',
      catalog,
    );
    expect(Object.fromEntries(aliases)).toEqual({
      turns: 'turns',
      t: 'turns',
      credit: 'credit',
      c: 'credit',
    });
    expect(aliasesIn('SELECT * FROM turns WHERE x', catalog).get('where')).toBeUndefined();
  });
});
