// Pieces shared by the chart queries: the filtered trajectories as SQL and the outcome of a row.
import type { ParsedTrajectoryFilter } from '../../shared/trajectory-filter';
import { filteredTrajectories, type FilterSqlOptions } from '../query/filter-sql';
import type { Row, SqlParams } from '../store/workspace';

export type Query = (sql: string, params?: SqlParams) => Promise<Row[]>;

/** A trajectory's outcome as the charts split it (alias `t` is tw_trajectories). */
export const OUTCOME_SQL = `CASE WHEN t.success THEN 'success' WHEN NOT t.success THEN 'failure'
  ELSE 'unknown' END`;

/** The charts' filter: the explorer's, and whether its text has a current search (its matches). */
export type ChartFilter = ParsedTrajectoryFilter & { textFromSearch?: boolean };

/** The filter's SQL with room for more conditions: `where(...)` ANDs them onto the filter's. */
export function filtered(filter: ChartFilter, options: FilterSqlOptions = {}) {
  const sql = filteredTrajectories(filter, {
    ...options,
    textFromSearch: filter.textFromSearch === true,
  });
  const where = (...conditions: string[]) => {
    const own = sql.where === '' ? [] : [sql.where.replace(/^WHERE /, '')];
    const all = [...own, ...conditions];
    return all.length === 0 ? '' : `WHERE ${all.join(' AND ')}`;
  };
  return { ...sql, whereAnd: where };
}

export function numberOf(value: unknown): number {
  const number = Number(value ?? 0);
  return Number.isFinite(number) ? number : 0;
}
