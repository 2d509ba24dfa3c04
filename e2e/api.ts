// Calls the running server's API directly (to find ids for deep links), as the renderer would.
export function serverUrl(): URL {
  const url = process.env.TURNWISE_URL;
  if (!url) throw new Error('TURNWISE_URL is not set: run through playwright test (global setup)');
  return new URL(url);
}

export async function api<T>(method: string, input: unknown): Promise<T> {
  const url = serverUrl();
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
  const url = serverUrl();
  return `${url.origin}/?token=${url.searchParams.get('token')}${route ? `#${route}` : ''}`;
}

/** Narrows away undefined with a clear failure instead of a non-null assertion. */
export function defined<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`expected ${what}`);
  return value;
}
