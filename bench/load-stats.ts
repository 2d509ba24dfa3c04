// Summaries of a load run: per method and overall, the request and error counts, throughput and
// latency percentiles, and the distinct errors with how often each happened.

/** One completed request: its method, wall time and, when it failed, why. */
export interface LoadSample {
  method: string;
  ms: number;
  /** Undefined when the request answered HTTP 200 with ok:true. */
  error?: string;
}

export interface LatencySummary {
  requests: number;
  errors: number;
  /** Completed requests per second of the run's wall time. */
  throughput: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
}

export interface LoadSummary {
  seconds: number;
  overall: LatencySummary;
  /** By method name, in the order the methods were first seen. */
  methods: Record<string, LatencySummary>;
  /** `method: message` with its count, most frequent first. */
  errors: { error: string; count: number }[];
}

/**
 * The nearest-rank percentile (the smallest value with at least p% of the values at or below it)
 * of values sorted ascending; NaN when there are none.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  if (p <= 0) return sorted[0] as number;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(rank, sorted.length) - 1] as number;
}

/** Milliseconds, to 0.1 ms. */
const round = (value: number) => Math.round(value * 10) / 10;

function summarizeGroup(samples: readonly LoadSample[], seconds: number): LatencySummary {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return {
    requests: samples.length,
    errors: samples.filter((sample) => sample.error !== undefined).length,
    throughput: seconds > 0 ? round(samples.length / seconds) : NaN,
    p50_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    p99_ms: round(percentile(sorted, 99)),
    max_ms: round(sorted.at(-1) ?? NaN),
  };
}

/** Summarizes the samples of a run that lasted `seconds` of wall time. */
export function summarizeLoad(samples: readonly LoadSample[], seconds: number): LoadSummary {
  const byMethod = new Map<string, LoadSample[]>();
  const errorCounts = new Map<string, number>();
  for (const sample of samples) {
    const group = byMethod.get(sample.method) ?? [];
    group.push(sample);
    byMethod.set(sample.method, group);
    if (sample.error !== undefined) {
      const key = `${sample.method}: ${sample.error}`;
      errorCounts.set(key, (errorCounts.get(key) ?? 0) + 1);
    }
  }
  const methods: Record<string, LatencySummary> = {};
  for (const [method, group] of byMethod) methods[method] = summarizeGroup(group, seconds);
  return {
    seconds,
    overall: summarizeGroup(samples, seconds),
    methods,
    errors: [...errorCounts]
      .map(([error, count]) => ({ error, count }))
      .sort((a, b) => b.count - a.count || a.error.localeCompare(b.error)),
  };
}
