import { describe, expect, it, vi } from 'vitest';
import { createHttpTransport, TOKEN_HEADER } from './http-transport';
import { RUNNING_IMPORT_JOB } from '../test/job';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('http transport', () => {
  it('posts the input to /api/<method> with the token header', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      jsonResponse({ ok: true, value: { datasets: [] } }),
    );
    const transport = createHttpTransport({ token: 'secret-1', fetch });
    const result = await transport.invoke('listDatasets', {});
    expect(result).toEqual({ ok: true, value: { datasets: [] } });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/listDatasets');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)[TOKEN_HEADER]).toBe('secret-1');
    expect(JSON.parse(String(init?.body))).toEqual({});
  });

  it("passes the server's error envelope through, also on HTTP errors", async () => {
    const fetch = async () =>
      jsonResponse({ ok: false, error: { code: 'unauthorized', message: 'bad token' } }, 401);
    const transport = createHttpTransport({ token: 'wrong', fetch });
    expect(await transport.invoke('appInfo', {})).toEqual({
      ok: false,
      error: { code: 'unauthorized', message: 'bad token' },
    });
  });

  it('maps a 401 without an envelope to an unauthorized error', async () => {
    const fetch = async () => new Response('Unauthorized', { status: 401 });
    const result = await createHttpTransport({ token: null, fetch }).invoke('appInfo', {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('unauthorized');
  });

  it('maps a network failure and a non-envelope body to Result errors', async () => {
    const down = createHttpTransport({
      token: 't',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const result = await down.invoke('appInfo', {});
    expect(result).toEqual({
      ok: false,
      error: { code: 'io', message: 'Could not reach the Turnwise server: Failed to fetch' },
    });

    const odd = createHttpTransport({ token: 't', fetch: async () => jsonResponse([1, 2]) });
    const oddResult = await odd.invoke('appInfo', {});
    expect(oddResult.ok).toBe(false);
    if (!oddResult.ok) expect(oddResult.error.code).toBe('internal');
  });

  it('delivers job events from one shared EventSource and closes it with the last listener', () => {
    const sources: { url: string; closed: boolean; source: EventSource }[] = [];
    const createEventSource = (url: string) => {
      const source = {
        onmessage: null,
        close: () => (entry.closed = true),
      } as unknown as EventSource;
      const entry = { url, closed: false, source };
      sources.push(entry);
      return source;
    };
    const transport = createHttpTransport({ token: 'a b', fetch: vi.fn(), createEventSource });
    const seen: string[] = [];
    const offA = transport.onJobEvent((job) => seen.push(`a:${job.job_id}`));
    const offB = transport.onJobEvent((job) => seen.push(`b:${job.job_id}`));
    expect(sources).toHaveLength(1);
    expect(sources[0]?.url).toBe('/api/events?token=a%20b');

    const job = RUNNING_IMPORT_JOB;
    const deliver = (data: string) =>
      sources[0]?.source.onmessage?.call(sources[0].source, new MessageEvent('message', { data }));
    deliver(JSON.stringify(job));
    deliver('not json');
    deliver(JSON.stringify({ job_id: 'incomplete' }));
    expect(seen).toEqual(['a:j1', 'b:j1']);

    offA();
    expect(sources[0]?.closed).toBe(false);
    offB();
    expect(sources[0]?.closed).toBe(true);
  });
});
