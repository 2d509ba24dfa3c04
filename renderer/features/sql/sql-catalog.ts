// What the SQL console completes: the public views (docs/ARCHITECTURE.md, the workspace) with their columns, read
// once per session with DESCRIBE through the ordinary read-only runSql path.
import { PUBLIC_VIEWS } from '../../../shared/public-views';

export { PUBLIC_VIEWS };

export type CatalogColumn = { name: string; type: string };
/** View name -> its columns in declaration order. */
export type SqlCatalog = ReadonlyMap<string, readonly CatalogColumn[]>;

// DESCRIBE of each view: the console may read the public views only, not information_schema.
export const CATALOG_SQL = PUBLIC_VIEWS.map(
  (view) =>
    `SELECT '${view}' AS table_name, column_name, column_type AS data_type FROM (DESCRIBE ${view})`,
).join('\nUNION ALL ');

/** Rows of CATALOG_SQL -> catalog; a view attached twice (another schema) lists its columns once. */
export function catalogFromRows(rows: readonly Record<string, unknown>[]): SqlCatalog {
  const catalog = new Map<string, CatalogColumn[]>();
  for (const row of rows) {
    const view = String(row.table_name);
    const column = { name: String(row.column_name), type: String(row.data_type) };
    const columns = catalog.get(view) ?? [];
    if (!columns.some((known) => known.name === column.name)) columns.push(column);
    catalog.set(view, columns);
  }
  return catalog;
}

/** `FROM turns t`, `JOIN credit AS c`: alias (and the view's own name) -> view. */
export function aliasesIn(sql: string, catalog: SqlCatalog): Map<string, string> {
  const aliases = new Map<string, string>();
  const pattern = /\b(?:from|join)\s+([a-z_][\w]*)(?:\s+(?:as\s+)?([a-z_][\w]*))?/gi;
  for (const match of sql.matchAll(pattern)) {
    const view = match[1]?.toLowerCase();
    if (view === undefined || !catalog.has(view)) continue;
    aliases.set(view, view);
    const alias = match[2]?.toLowerCase();
    if (alias !== undefined && !SQL_KEYWORDS.includes(alias.toUpperCase()))
      aliases.set(alias, view);
  }
  return aliases;
}

export const SQL_KEYWORDS = [
  'SELECT',
  'FROM',
  'WHERE',
  'GROUP BY',
  'ORDER BY',
  'HAVING',
  'LIMIT',
  'OFFSET',
  'JOIN',
  'LEFT JOIN',
  'INNER JOIN',
  'FULL OUTER JOIN',
  'CROSS JOIN',
  'ON',
  'USING',
  'AS',
  'AND',
  'OR',
  'NOT',
  'IN',
  'IS',
  'NULL',
  'IS NOT NULL',
  'LIKE',
  'ILIKE',
  'BETWEEN',
  'CASE',
  'WHEN',
  'THEN',
  'ELSE',
  'END',
  'DISTINCT',
  'UNION',
  'UNION ALL',
  'EXCEPT',
  'INTERSECT',
  'WITH',
  'ASC',
  'DESC',
  'NULLS FIRST',
  'NULLS LAST',
  'TRUE',
  'FALSE',
  'CAST',
  'EXISTS',
  'QUALIFY',
  'WINDOW',
  'OVER',
  'PARTITION BY',
  'FILTER',
  'DESCRIBE',
  'SUMMARIZE',
  'PIVOT',
  'UNPIVOT',
  'EXPLAIN',
];

export const SQL_FUNCTIONS = [
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'median',
  'quantile_cont',
  'stddev',
  'arg_max',
  'arg_min',
  'list',
  'string_agg',
  'count_if',
  'bool_and',
  'bool_or',
  'coalesce',
  'nullif',
  'round',
  'abs',
  'ln',
  'exp',
  'length',
  'lower',
  'upper',
  'left',
  'right',
  'substring',
  'regexp_matches',
  'regexp_extract',
  'contains',
  'starts_with',
  'json_extract',
  'json_extract_string',
  'unnest',
  'row_number',
  'rank',
  'lag',
  'lead',
  'first',
  'last',
  'histogram',
  'corr',
  'date_trunc',
  'now',
];

// One catalog per page session, shared by every editor's completion provider.
let current: SqlCatalog = new Map();
export const currentCatalog = (): SqlCatalog => current;
export function setCatalog(next: SqlCatalog): void {
  current = next;
}
