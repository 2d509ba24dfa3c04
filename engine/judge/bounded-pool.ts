// Runs work over a lazily produced sequence with at most `concurrency` items in flight. Items are
// pulled only when a lane is free, so a producer that streams from DuckDB stays bounded in memory.

/**
 * Calls `work` for every item, at most `concurrency` at a time. The first error stops the pulling
 * of new items and is rethrown once the lanes already working have ended; `onError` runs as soon as
 * it happens (to abort the others' in-flight work).
 */
export async function runBounded<T>(
  items: AsyncIterable<T>,
  concurrency: number,
  work: (item: T) => Promise<void>,
  onError: (error: unknown) => void = () => undefined,
): Promise<void> {
  const iterator = items[Symbol.asyncIterator]();
  let failure: { error: unknown } | null = null;
  const fail = (error: unknown) => {
    if (failure !== null) return;
    failure = { error };
    onError(error);
  };
  const lane = async () => {
    while (failure === null) {
      let next: IteratorResult<T>;
      try {
        // An async generator queues concurrent next() calls, so lanes never share an item.
        next = await iterator.next();
      } catch (error) {
        fail(error);
        return;
      }
      if (next.done === true) return;
      try {
        await work(next.value);
      } catch (error) {
        fail(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  if (failure !== null) {
    await iterator.return?.(undefined)?.catch(() => undefined);
    throw (failure as { error: unknown }).error;
  }
}
