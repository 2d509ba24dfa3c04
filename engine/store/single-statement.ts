// One statement per call, on every DuckDB connection of the process (docs/security.md, "A
// received workspace"). @duckdb/node-api runs every statement of a text: `run` without values
// hands the text to duckdb_query, and every other method prepares the last statement after
// running the ones before it (`runUntilLast`). A text that embeds a value read from a workspace
// could then carry a second statement past a check made on the first. Here both paths prepare
// exactly one statement and refuse a text holding more, whatever the call site.
import { DuckDBConnection, type DuckDBPreparedStatement } from '@duckdb/node-api';
import { TurnwiseError } from '../../shared/result';

type Bindable = Parameters<DuckDBPreparedStatement['bind']>;

interface ConnectionInternals {
  runUntilLast(sql: string): Promise<DuckDBPreparedStatement>;
}

let installed = false;

/** The refusal of a text with several statements; names how many, never the text. */
export function severalStatements(count: number): TurnwiseError {
  return new TurnwiseError(
    'internal',
    `a statement text held ${count} statements; Turnwise runs exactly one per call`,
  );
}

/** Installs the rule once; every connection, made before or after, follows it. */
export function requireSingleStatements(): void {
  if (installed) return;
  installed = true;
  const prototype = DuckDBConnection.prototype as unknown as ConnectionInternals & {
    run: DuckDBConnection['run'];
  };
  prototype.runUntilLast = async function prepareOnly(this: DuckDBConnection, sql: string) {
    const extracted = await this.extractStatements(sql);
    if (extracted.count !== 1) throw severalStatements(extracted.count);
    return extracted.prepare(0);
  };
  prototype.run = async function runOne(
    this: ConnectionInternals,
    sql: string,
    values?: Bindable[0],
    types?: Bindable[1],
  ) {
    const prepared = await this.runUntilLast(sql);
    try {
      if (values !== undefined) prepared.bind(values, types);
      return await prepared.run();
    } finally {
      prepared.destroySync();
    }
  };
}
