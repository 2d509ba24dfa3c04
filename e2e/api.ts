// Calls the running server's API directly (to find ids for deep links), as the renderer would.
import type { ApiInput, ApiMethod, ApiOutput, JobState } from '../shared/api';
import { demoServerUrl } from './demo-workspace';

/** The server of this spec file's demo workspace (useDemoWorkspace). */
export function serverUrl(): URL {
  return demoServerUrl();
}

/** One API call, typed by its method: the input and output are the contract's. */
export function api<M extends ApiMethod>(method: M, input: ApiInput<M>): Promise<ApiOutput<M>> {
  return apiAt(serverUrl(), method, input);
}

/** An API call to a server other than the demo one (a spec building a workspace of its own). */
export function apiAt<M extends ApiMethod>(
  url: URL,
  method: M,
  input: ApiInput<M>,
): Promise<ApiOutput<M>> {
  return post<ApiOutput<M>>(url, method, input);
}

/**
 * A call whose answer the contract leaves open (runSql's rows, for one): the caller names the
 * shape it expects.
 */
export function apiAs<T>(method: ApiMethod, input: unknown): Promise<T> {
  return post<T>(serverUrl(), method, input);
}

/** apiAs for a server other than the demo one. */
export function apiAsAt<T>(url: URL, method: ApiMethod, input: unknown): Promise<T> {
  return post<T>(url, method, input);
}

// The one place the answer's JSON is given its type; the server checked it against the contract.
async function post<T>(url: URL, method: ApiMethod, input: unknown): Promise<T> {
  const response = await fetch(`${url.origin}/api/${method}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-turnwise-token': url.searchParams.get('token') ?? '',
    },
    body: JSON.stringify(input),
  });
  const result = (await response.json()) as { ok: boolean; value: T; error?: { message: string } };
  if (!result.ok) throw new Error(`${method}: ${result.error?.message}`);
  return result.value;
}

/** The app's URL with a hash route, token included. */
export function appUrl(route = ''): string {
  return appUrlAt(serverUrl(), route);
}

export function appUrlAt(url: URL, route = ''): string {
  return `${url.origin}/?token=${url.searchParams.get('token')}${route ? `#${route}` : ''}`;
}

/** Narrows away undefined with a clear failure instead of a non-null assertion. */
export function defined<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`expected ${what}`);
  return value;
}

/** Polls a job until it is no longer queued or running. */
export async function waitForJob(job: JobState): Promise<JobState> {
  let state = job;
  while (state.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    state = await api('getJob', { job_id: state.job_id });
  }
  return state;
}

/** Imports files as `dataset` and returns the dataset that holds them. */
export async function importFiles(paths: string[], dataset: string): Promise<string> {
  const job = await waitForJob(await api('startImport', { paths, dataset }));
  if (job.error) throw new Error(`import of ${paths.join(', ')}: ${job.error.message}`);
  return dataset;
}
