// One way to run statements in a transaction: BEGIN, then COMMIT, or ROLLBACK on a throw.
import { TurnwiseError } from '../../shared/result';

/** What a transaction needs of a connection (a DuckDBConnection; tests may pass a stand-in). */
export interface TransactionConnection {
  run(sql: string): Promise<unknown>;
}

export interface TransactionOptions {
  /** BEGIN TRANSACTION READ ONLY: nothing run inside can write. */
  readOnly?: boolean;
  /** false rolls back even when fn succeeds (a preview computes everything and keeps nothing). */
  keep?: boolean;
}

/** Connections with a transaction open; DuckDB has no nested transactions or savepoints. */
const open = new WeakSet<TransactionConnection>();

/**
 * Runs fn inside a transaction on `connection`. When fn throws, the transaction is rolled back
 * and fn's own error is rethrown: a failing ROLLBACK (e.g. DuckDB already aborted it) is dropped,
 * so it never hides the cause. A second transaction on the same connection, nested or
 * concurrent, is refused rather than silently joined.
 */
export async function transaction<C extends TransactionConnection, T>(
  connection: C,
  fn: (tx: C) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  if (open.has(connection)) {
    throw new TurnwiseError(
      'internal',
      'a transaction is already open on this connection; DuckDB cannot nest transactions',
    );
  }
  open.add(connection);
  try {
    await connection.run(
      options.readOnly === true ? 'BEGIN TRANSACTION READ ONLY' : 'BEGIN TRANSACTION',
    );
    try {
      const result = await fn(connection);
      await connection.run(options.keep === false ? 'ROLLBACK' : 'COMMIT');
      return result;
    } catch (error) {
      // After a failed COMMIT DuckDB has usually aborted already, so this ROLLBACK may fail too.
      await connection.run('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    open.delete(connection);
  }
}
