// A group of API handlers loaded on its first call. The job-running groups (judge, scoring,
// export, review, ...) are a large part of the engine's code; a command that opens a workspace
// only to read it should not compile them at start (docs/performance.md).
import type { HandlerContext, HandlersOf } from './core/handler-context';

type AnyHandler = (request: never) => Promise<unknown>;

/**
 * Handlers for every method of `table` that load the group with `load` when one is first
 * called, then hand the request to it. A failed load is tried again on the next call.
 */
export function lazyHandlers<Table extends object>(
  table: Table,
  context: HandlerContext,
  load: () => Promise<(context: HandlerContext) => HandlersOf<Table>>,
): HandlersOf<Table> {
  let group: Promise<Record<string, AnyHandler>> | undefined;
  const loaded = () => {
    group ??= load().then(
      (make) => make(context) as unknown as Record<string, AnyHandler>,
      (error: unknown) => {
        group = undefined;
        throw error;
      },
    );
    return group;
  };
  const handlers: Record<string, AnyHandler> = {};
  for (const method of Object.keys(table)) {
    handlers[method] = async (request: never) => {
      const handler = (await loaded())[method];
      if (handler === undefined) throw new Error(`no handler for ${method} in its group`);
      return handler(request);
    };
  }
  return handlers as unknown as HandlersOf<Table>;
}
