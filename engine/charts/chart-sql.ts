// Pieces shared by the chart queries: the filtered trajectories as SQL and the outcome of a row.
import type { ParsedTrajectoryFilter } from '../../shared/trajectory-filter';
import { filteredTrajectories, type FilterSqlOptions } from '../query/filter-sql';
import { sql } from '../store/sql-template';

/** A trajectory's outcome as the charts split it (alias `t` is tw_trajectories). */
export const OUTCOME_SQL = sql`CASE WHEN t.success THEN 'success' WHEN NOT t.success THEN 'failure'
  ELSE 'unknown' END`;

/** The charts' filter: the explorer's, and whether its text has a current search (its matches). */
export type ChartFilter = ParsedTrajectoryFilter & { textFromSearch?: boolean };

/** The filter's SQL: `where(...)` ANDs more conditions onto the filter's. */
export function filtered(filter: ChartFilter, options: FilterSqlOptions = {}) {
  return filteredTrajectories(filter, {
    ...options,
    textFromSearch: filter.textFromSearch === true,
  });
}
