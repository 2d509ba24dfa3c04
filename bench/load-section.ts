// The load section: N concurrent clients against `turnwise serve` for a fixed time
// (bench/tasks/load-clients.ts) on an imported demo-generator workspace. It fails (throws) if any
// request failed, after printing what failed.
import { cpus } from 'node:os';
import { importedWorkspace } from './imported-workspace';
import type { LatencySummary, LoadSummary } from './load-stats';
import { runStamp, runTask } from './run-task';
import { describeMix, MIX } from './tasks/load-requests';

function row(name: string, s: LatencySummary): string {
  return (
    `| ${name} | ${s.requests.toLocaleString('en-US')} | ${s.errors} | ${s.throughput} | ` +
    `${s.p50_ms} | ${s.p95_ms} | ${s.p99_ms} | ${s.max_ms} |`
  );
}

export async function loadSection(
  dir: string,
  clients: number,
  seconds: number,
  trajectories: number,
): Promise<string> {
  const stamp = runStamp();
  const { db, records, inputMb, imported } = await importedWorkspace(dir, 'load', trajectories);
  console.log(`Running ${clients} clients against turnwise serve for ${seconds} s...`);
  const m = runTask('load-clients', [db, String(clients), String(seconds)]);
  const summary = JSON.parse(String(m.summary)) as LoadSummary;
  const { overall } = summary;
  const methods = Object.keys(MIX).filter((method) => summary.methods[method] !== undefined);
  const rows = [
    ...methods.map((method) => row(method, summary.methods[method] as LatencySummary)),
    row('**all**', overall),
  ];
  console.log(
    `  ${overall.requests} requests, ${overall.errors} errors, ${overall.throughput} req/s, ` +
      `p50 ${overall.p50_ms} ms, p99 ${overall.p99_ms} ms, max ${overall.max_ms} ms; ` +
      `server peak ${m.server_peak_rss_mb} MB, server CPU ${m.server_cpu_seconds} s, ` +
      `clients CPU ${m.client_cpu_seconds} s`,
  );
  for (const line of rows) console.log(`  ${line}`);
  if (overall.requests === 0) throw new Error('load: no request completed');
  if (overall.errors > 0) {
    for (const { error, count } of summary.errors) console.log(`  ${count} × ${error}`);
    throw new Error(
      `load: ${overall.errors} of ${overall.requests} requests failed ` +
        `(${summary.errors.length} distinct errors, listed above)`,
    );
  }
  const count = records.toLocaleString('en-US');
  const busy = (cpuSeconds: unknown) => (Number(cpuSeconds) / summary.seconds).toFixed(2);
  return `## Load: ${clients} clients for ${seconds} s in browser mode

${stamp}

- Result: **no errors** in ${overall.requests.toLocaleString('en-US')} requests over ${m.elapsed_seconds} s: ${overall.throughput} requests/s, p99 ${overall.p99_ms} ms. Every request answered HTTP 200 with \`ok: true\` and the expected answer (the trajectory asked for with as many turns as listed, non-empty SQL rows, a tree with rollouts).
- Workspace: ${count} demo-generator trajectories (${inputMb.toFixed(0)} MB of JSONL, ${Number(imported.turns).toLocaleString('en-US')} turns, groups of 8), imported first (not timed).
- Server: \`turnwise serve\` in its own process, as users run it (the engine on a worker thread behind the HTTP server). Peak memory ${m.server_peak_rss_mb} MB (its maximum resident set, DuckDB included); it used ${m.server_cpu_seconds} CPU seconds during the run (${busy(m.server_cpu_seconds)} cores busy on average).
- Clients: ${clients} closed loops (each sends its next request as soon as the last one answered, no think time) in one separate Node process over keep-alive HTTP to 127.0.0.1, using ${m.client_cpu_seconds} CPU seconds (${busy(m.client_cpu_seconds)} cores). Latency is from sending a request to having read its whole answer, measured by the clients; the machine's ${cpus().length} cores are shared by the server and the clients, so client work is inside these latencies but not inside the server's figures. Requests in flight at the end are finished and counted; throughput is completed requests over the run's wall time.
- Mix (seeded per client; ids from ${Number(m.pool_ids).toLocaleString('en-US')} listed trajectories and ${Number(m.pool_groups).toLocaleString('en-US')} groups, listed before the run): ${describeMix()}. The full-text \`text\` filter is not in the mix.

| method | requests | errors | requests/s | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

The clients' process peaked at ${m.peak_rss_mb} MB.
`;
}
