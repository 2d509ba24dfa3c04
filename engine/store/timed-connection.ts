// A transaction's statements run on a connection of its own, not through workspace.query/run, so
// they would escape slow-query logging (query-timing.ts); this wrapper times them the same way.
import type { DuckDBConnection } from '@duckdb/node-api';
import { timeQuery } from './query-timing';

type RunArgs = Parameters<DuckDBConnection['run']>;

/**
 * The connection with run and runAndReadAll timed as kind 'transaction'; every other member is
 * the connection's own, called on the connection itself (its private state stays reachable).
 */
export function timedConnection(connection: DuckDBConnection): DuckDBConnection {
  const run = (...args: RunArgs) =>
    timeQuery('transaction', args[0], () => connection.run(...args));
  const runAndReadAll = (...args: RunArgs) =>
    timeQuery(
      'transaction',
      args[0],
      () => connection.runAndReadAll(...args),
      (reader) => reader.currentRowCount,
    );
  return new Proxy(connection, {
    get(target, property) {
      if (property === 'run') return run;
      if (property === 'runAndReadAll') return runAndReadAll;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
