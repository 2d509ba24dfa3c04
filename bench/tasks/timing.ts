// Warm timings: one untimed run first (caches, plans, the file's pages), then the median of N.
export const WARM_RUNS = 5;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** Milliseconds, to 0.1 ms. */
export const roundMs = (ms: number) => Math.round(ms * 10) / 10;

/** The median wall time in ms of `runs` calls after one untimed call, and the last answer. */
export async function warmMedian<T>(
  work: () => Promise<T>,
  runs = WARM_RUNS,
): Promise<{ ms: number; value: T }> {
  let value = await work();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    value = await work();
    times.push(performance.now() - started);
  }
  return { ms: roundMs(median(times)), value };
}
