// Shared by the benchmark tasks: each runs in its own process and prints one JSON line with its
// wall time, the CPU time of all its threads over the same span (worker threads and DuckDB's own
// included) and the process's peak resident memory (DuckDB's native memory included).
export interface Measurement {
  seconds: number;
  cpu_seconds: number;
  peak_rss_mb: number;
  [extra: string]: number | string;
}

export async function measure(work: () => Promise<Record<string, number | string>>): Promise<void> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const extra = await work();
  const seconds = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(cpu);
  const peak = process.resourceUsage().maxRSS / 1024;
  const result: Measurement = {
    seconds,
    cpu_seconds: (user + system) / 1e6,
    peak_rss_mb: Math.round(peak),
    ...extra,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

export function argument(index: number, what: string): string {
  const value = process.argv[index + 2];
  if (value === undefined) throw new Error(`missing argument: ${what}`);
  return value;
}
