// Browser mode: POST /api/<method> with the per-run token; job events over server-sent events.
import type { ApiInput, ApiMethod, ApiOutput } from '../../shared/api';
// Not through shared/api: that would evaluate every method's schemas at the app's start.
import { JobStateSchema, type JobState } from '../../shared/job-state';
import type { Result } from '../../shared/result';
import type { Transport } from '../../shared/transport';
import { asResult, describeThrown, failure } from './errors';

export const TOKEN_HEADER = 'x-turnwise-token';

export type HttpTransportOptions = {
  token: string | null;
  /** Where the API lives; the server mounts it at /api. */
  baseUrl?: string;
  fetch?: typeof fetch;
  createEventSource?: (url: string) => EventSource;
};

function httpFailure<T>(status: number, statusText: string): Result<T> {
  if (status === 401 || status === 403) {
    return failure(
      'unauthorized',
      'The server refused the access token. Open the URL printed by `turnwise serve` again.',
    );
  }
  if (status === 404)
    return failure('unknown_method', `The server has no such endpoint (HTTP 404).`);
  return failure('internal', `The server answered HTTP ${status} ${statusText}`.trim());
}

export function createHttpTransport(options: HttpTransportOptions): Transport {
  const baseUrl = options.baseUrl ?? '/api';
  const doFetch = options.fetch ?? ((input, init) => window.fetch(input, init));
  const openEvents = options.createEventSource ?? ((url) => new EventSource(url));
  const listeners = new Set<(job: JobState) => void>();
  let events: EventSource | null = null;

  async function invoke<M extends ApiMethod>(
    method: M,
    input: ApiInput<M>,
  ): Promise<Result<ApiOutput<M>>> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.token !== null) headers[TOKEN_HEADER] = options.token;
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}/${method}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(input ?? {}),
      });
    } catch (thrown) {
      return failure('io', `Could not reach the Turnwise server: ${describeThrown(thrown)}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined; // an error page or an empty body; judged by the status below
    }
    // The server answers with an envelope even for HTTP errors; prefer its code and message.
    const result = asResult<ApiOutput<M>>(body);
    if (result !== null) return result;
    if (!response.ok) return httpFailure(response.status, response.statusText);
    return failure('internal', `${method}: the server's answer was not a result envelope`);
  }

  function openStream(): void {
    const query = options.token !== null ? `?token=${encodeURIComponent(options.token)}` : '';
    events = openEvents(`${baseUrl}/events${query}`);
    events.onmessage = (message: MessageEvent) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(message.data));
      } catch {
        return; // keep-alives and malformed events carry no job
      }
      const job = JobStateSchema.safeParse(parsed);
      if (!job.success) return;
      for (const listener of listeners) listener(job.data);
    };
  }

  return {
    invoke,
    onJobEvent(listener) {
      listeners.add(listener);
      if (events === null) openStream();
      return () => {
        listeners.delete(listener);
        // Close the stream with the last subscriber so idle tabs hold no connection.
        if (listeners.size === 0 && events !== null) {
          events.close();
          events = null;
        }
      };
    },
  };
}
