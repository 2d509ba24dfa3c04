// Facts about result columns the grid, the chart and the trajectory filter share.
import type { ApiOutput } from '../../../shared/api';

export type SqlResult = ApiOutput<'runSql'>;
export type SqlColumn = SqlResult['columns'][number];

const NUMERIC_TYPE =
  /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|U\w*INT|FLOAT|DOUBLE|REAL|DECIMAL|INT\d*$)/i;

export const isNumericType = (type: string) => NUMERIC_TYPE.test(type);

/** Grid width of a column: numbers are narrow, text wide, never narrower than the header. */
export function columnWidth(column: SqlColumn): number {
  const header = (column.name.length + column.type.length) * 7.5 + 40;
  return Math.min(420, Math.max(isNumericType(column.type) ? 110 : 200, header));
}

/** The distinct, non-null trajectory ids of a result (in first-seen order), or [] if none. */
export function trajectoryIdsOf(result: SqlResult, limit: number): string[] {
  if (!result.columns.some((column) => column.name === 'trajectory_id')) return [];
  const ids = new Set<string>();
  for (const row of result.rows) {
    const id = row.trajectory_id;
    if (typeof id === 'string' && id !== '') ids.add(id);
    if (ids.size >= limit) break;
  }
  return [...ids];
}

export type ChartPair = { category: string; value: string };

/** Every (category, number) pair a bar chart can show; the category may be any other column. */
export function chartPairs(result: SqlResult): ChartPair[] {
  const numbers = result.columns.filter((column) => isNumericType(column.type));
  return result.columns.flatMap((category) =>
    numbers
      .filter((value) => value.name !== category.name)
      .map((value) => ({ category: category.name, value: value.name })),
  );
}

/** The pair to show first: a non-numeric category if there is one. */
export function defaultChartPair(result: SqlResult): ChartPair | undefined {
  const pairs = chartPairs(result);
  const textual = new Set(
    result.columns.filter((column) => !isNumericType(column.type)).map((column) => column.name),
  );
  return pairs.find((pair) => textual.has(pair.category)) ?? pairs[0];
}
