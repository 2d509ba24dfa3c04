// Bounds on a query a person wrote: a time limit, a memory budget and a cancel, each of which
// stops the query through DuckDB's interrupt (the connection's running statement fails with
// INTERRUPT at its next vector). DuckDB's memory_limit does not cover the string heaps of the
// vectors a query is building (repeat('x', 1e6) over 2,048 rows is 2 GB of one vector), so the
// budget watches the process's resident memory instead (docs/security.md).
// DuckDB looks at an interrupt only between vectors, so one call can run on for minutes after it;
// a query still running STOP_GRACE_MS after its stop is handed to the process's unstoppable-query
// handler, which ends the process that runs it (engine-child.ts, the CLI's run-time).
import { AsyncResource } from 'node:async_hooks';
import type { DuckDBConnection } from '@duckdb/node-api';
import { TurnwiseError } from '../../shared/result';

export type StopReason = 'timeout' | 'cancelled' | 'memory';

export interface QueryBounds {
  timeoutMs: number;
  /** Resident memory the process may grow by while the query runs. */
  memoryBytes: number;
  /** A caller-chosen id under which cancelQuery finds the query. */
  queryId?: string;
  running?: RunningQueries;
}

/** How often the memory budget is looked at. */
const WATCH_MS = 50;

/**
 * How long a stopped query may take to end before it counts as unstoppable: its answer must come
 * within a second of the stop, and ending the process and answering take the rest.
 */
export const STOP_GRACE_MS = 500;

/** Told of a query that did not end in time after its stop; it should end this process. */
export type UnstoppableQueryHandler = (error: TurnwiseError) => void;

let unstoppableQueryHandler: UnstoppableQueryHandler | null = null;

/**
 * Sets what this process does with a query that goes on after its stop (null: nothing, the
 * query ends when DuckDB next looks). The handler runs in the async context of the query's own
 * call, so a host can tell which request it belongs to. Returns the previous handler.
 */
export function setUnstoppableQueryHandler(
  handler: UnstoppableQueryHandler | null,
): UnstoppableQueryHandler | null {
  const previous = unstoppableQueryHandler;
  unstoppableQueryHandler = handler;
  return previous;
}

/** The user queries running now, by the id their caller gave, so a cancel can reach them. */
export class RunningQueries {
  private readonly stops = new Map<string, () => void>();

  register(queryId: string, stop: () => void): () => void {
    if (this.stops.has(queryId)) {
      throw new TurnwiseError('bad_request', `a query with id '${queryId}' is already running`);
    }
    this.stops.set(queryId, stop);
    return () => this.stops.delete(queryId);
  }

  /** Interrupts the query; false when none runs under that id (it may have just ended). */
  cancel(queryId: string): boolean {
    const stop = this.stops.get(queryId);
    stop?.();
    return stop !== undefined;
  }
}

/** The state a bounded query shares with the code reading its result. */
export interface QueryStop {
  /** Why the query was stopped, or null while it may go on. */
  readonly reason: StopReason | null;
}

export async function withQueryBounds<T>(
  connection: DuckDBConnection,
  bounds: QueryBounds,
  work: (stop: QueryStop) => Promise<T>,
): Promise<T> {
  const state: { reason: StopReason | null } = { reason: null };
  let grace: NodeJS.Timeout | undefined;
  // Bound here, so a stop that comes from elsewhere (a cancel request) still reports in this
  // query's context.
  const unstoppable = AsyncResource.bind((reason: StopReason) => {
    unstoppableQueryHandler?.(stoppedError(reason, bounds));
  });
  const stop = (reason: StopReason) => {
    if (state.reason !== null) return;
    state.reason = reason;
    connection.interrupt();
    grace = setTimeout(() => unstoppable(reason), STOP_GRACE_MS);
  };
  const unregister =
    bounds.queryId !== undefined && bounds.running !== undefined
      ? bounds.running.register(bounds.queryId, () => stop('cancelled'))
      : () => undefined;
  const timer = setTimeout(() => stop('timeout'), bounds.timeoutMs);
  const baseline = process.memoryUsage.rss();
  const watch = setInterval(() => {
    if (process.memoryUsage.rss() - baseline > bounds.memoryBytes) stop('memory');
  }, WATCH_MS);
  try {
    const value = await work(state);
    if (state.reason !== null) throw stoppedError(state.reason, bounds);
    return value;
  } catch (error) {
    if (state.reason !== null) throw stoppedError(state.reason, bounds);
    throw error;
  } finally {
    clearTimeout(timer);
    clearTimeout(grace);
    clearInterval(watch);
    unregister();
  }
}

export function stoppedError(reason: StopReason, bounds: QueryBounds): TurnwiseError {
  switch (reason) {
    case 'timeout':
      return new TurnwiseError(
        'timeout',
        `the query was stopped after its time limit of ${formatSeconds(bounds.timeoutMs)}; ` +
          'narrow it, or raise the limit (--timeout, or the SQL page settings)',
      );
    case 'memory':
      return new TurnwiseError(
        'resource_limit',
        `the query was stopped: it needed more than ${Math.round(bounds.memoryBytes / 2 ** 20)} MB ` +
          'of memory while running; select fewer rows or shorter values',
      );
    case 'cancelled':
      return new TurnwiseError('cancelled', 'the query was cancelled');
  }
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
