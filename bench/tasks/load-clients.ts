// Browser mode under load: `turnwise serve` on a workspace, in its own process as users run it
// (the engine on a worker thread behind the HTTP server), and N concurrent clients in this process
// calling its API over HTTP for a fixed time. Each client is a closed loop with no think time: it
// sends its next request (bench/tasks/load-requests.ts) as soon as the last one answered. A request
// counts as an error unless it answered HTTP 200 with ok:true and the expected shape.
// Usage: tsx bench/tasks/load-clients.ts <workspace.duckdb> [clients=20] [seconds=60]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { summarizeLoad, type LoadSample } from '../load-stats';
import { nextRequest, seededRandom, type LoadPool, type PooledTrajectory } from './load-requests';
import { argument, measure } from './measure';
import { serveWorkspace } from './serve-workspace';

const db = argument(0, 'workspace file');
const clients = Number(process.argv[3] ?? 20);
const seconds = Number(process.argv[4] ?? 60);
if (!(clients >= 1) || !(seconds > 0)) throw new Error('clients and seconds must be positive');

const clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

type Answer = { value: unknown; error?: undefined } | { value?: undefined; error: string };
type Call = (method: string, input: unknown) => Promise<Answer>;

/** Error messages are tallied by text; a long one (echoing input) is cut so tallies stay few. */
const short = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

function apiClient(serverUrl: string): Call {
  const url = new URL(serverUrl);
  const token = url.searchParams.get('token') ?? '';
  return async (method, input) => {
    try {
      const response = await fetch(`${url.origin}/api/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-turnwise-token': token },
        body: JSON.stringify(input),
      });
      const text = await response.text();
      if (response.status !== 200) return { error: short(`HTTP ${response.status}: ${text}`) };
      const body = JSON.parse(text) as {
        ok?: boolean;
        value?: unknown;
        error?: { code?: string; message?: string };
      };
      if (body.ok !== true) {
        return { error: short(`${body.error?.code ?? 'no code'}: ${body.error?.message ?? text}`) };
      }
      return { value: body.value };
    } catch (error) {
      return { error: short(error instanceof Error ? error.message : String(error)) };
    }
  };
}

async function value<T>(call: Call, method: string, input: unknown): Promise<T> {
  const answer = await call(method, input);
  if (answer.error !== undefined) throw new Error(`${method} (listing ids): ${answer.error}`);
  return answer.value as T;
}

/** Ids for the clients to open, listed (untimed) before they start: pages spread over the list. */
async function listPool(call: Call): Promise<LoadPool> {
  const { total } = await value<{ total: number }>(call, 'listTrajectories', { limit: 1 });
  if (total === 0) throw new Error('the workspace has no trajectories');
  const pages = 5;
  // By id: on a small workspace the pages overlap.
  const listed = new Map<string, PooledTrajectory>();
  for (let page = 0; page < pages; page++) {
    const offset = Math.floor((total * page) / pages);
    const { rows } = await value<{ rows: PooledTrajectory[] }>(call, 'listTrajectories', {
      offset,
      limit: 1000,
    });
    for (const { trajectory_id, dataset_id, group_id, n_turns } of rows) {
      if (n_turns > 0) listed.set(trajectory_id, { trajectory_id, dataset_id, group_id, n_turns });
    }
  }
  const trajectories = [...listed.values()];
  const groupSizes = new Map<string, { dataset_id: string; group_id: string; size: number }>();
  for (const { dataset_id, group_id } of trajectories) {
    if (group_id === null) continue;
    const key = JSON.stringify([dataset_id, group_id]);
    const entry = groupSizes.get(key) ?? { dataset_id, group_id, size: 0 };
    entry.size += 1;
    groupSizes.set(key, entry);
  }
  const { facets } = await value<{
    facets: Record<'task_id' | 'model', { entries: { value: string | null }[] }>;
  }>(call, 'getTrajectoryFacets', { max_entries: 200 });
  const values = (column: 'task_id' | 'model') =>
    facets[column].entries.flatMap((entry) => (entry.value === null ? [] : [entry.value]));
  return {
    trajectories,
    groups: [...groupSizes.values()]
      .filter((group) => group.size > 1)
      .map(({ dataset_id, group_id }) => ({ dataset_id, group_id })),
    tasks: values('task_id'),
    models: values('model'),
    total,
  };
}

/** CPU seconds (user + system, all threads) a process has used so far, from /proc. */
function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14, 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / clockTicks;
}

async function runClients(
  call: Call,
  pool: LoadPool,
): Promise<{ samples: LoadSample[]; elapsed: number }> {
  const samples: LoadSample[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const progress = setInterval(() => {
    const errors = samples.filter((sample) => sample.error !== undefined).length;
    const at = Math.round((performance.now() - started) / 1000);
    console.error(`  ${at} s: ${samples.length} requests, ${errors} errors`);
  }, 10_000);
  try {
    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        const random = seededRandom(1000 + client);
        while (performance.now() < deadline) {
          const request = nextRequest(pool, random);
          const sent = performance.now();
          const answer = await call(request.method, request.input);
          const ms = performance.now() - sent;
          const error = answer.error ?? (request.check ? request.check(answer.value) : undefined);
          samples.push(
            error === undefined
              ? { method: request.method, ms }
              : { method: request.method, ms, error },
          );
        }
      }),
    );
  } finally {
    clearInterval(progress);
  }
  return { samples, elapsed: (performance.now() - started) / 1000 };
}

await measure(async () => {
  // Only the API is called; no page is loaded, so no renderer build is needed.
  const served = await serveWorkspace(db, path.join(path.dirname(db), 'renderer-unused'));
  try {
    const pid = served.process.pid;
    if (pid === undefined) throw new Error('turnwise serve has no pid');
    const call = apiClient(served.url);
    const pool = await listPool(call);
    console.error(
      `  ${pool.total} trajectories, ${pool.trajectories.length} ids and ${pool.groups.length} ` +
        `groups to open; ${clients} clients for ${seconds} s...`,
    );
    const serverCpuBefore = processCpuSeconds(pid);
    const clientCpuBefore = process.cpuUsage();
    const { samples, elapsed } = await runClients(call, pool);
    const serverCpu = processCpuSeconds(pid) - serverCpuBefore;
    const clientCpu = process.cpuUsage(clientCpuBefore);
    if (served.process.exitCode !== null) {
      throw new Error(`turnwise serve exited with ${served.process.exitCode} during the run`);
    }
    const summary = summarizeLoad(samples, elapsed);
    return {
      clients,
      elapsed_seconds: Math.round(elapsed * 10) / 10,
      trajectories: pool.total,
      pool_ids: pool.trajectories.length,
      pool_groups: pool.groups.length,
      server_peak_rss_mb: served.peakRssMb(),
      server_cpu_seconds: Math.round(serverCpu * 10) / 10,
      client_cpu_seconds: Math.round(((clientCpu.user + clientCpu.system) / 1e6) * 10) / 10,
      summary: JSON.stringify(summary),
    };
  } finally {
    await served.stop();
  }
});
