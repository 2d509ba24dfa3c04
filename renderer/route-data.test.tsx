// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FACET_COLUMNS } from '../shared/trajectory-filter';
import { App } from './App';
import { createClient } from './api/client';
import { createQueryClient } from './api/query-client';
import { prefetchRouteData } from './route-data';
import { parseRoute } from './routing/routes';
import { fakeTransport, ok } from './test/fake-transport';
import { successRow } from './test/list-row';
import { withScrollLayout } from './test/scroll-box';

withScrollLayout();

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.location.hash = '';
});

const row = successRow('t-1');

function transport() {
  return fakeTransport({
    appInfo: () => ok({ version: '0.1.0', workspace_path: '/w/demo.duckdb', schema_version: 1 }),
    listTrajectories: () => ok({ total: 1, rows: [row] }),
    getTrajectoryFacets: () =>
      ok({
        total: 1,
        facets: Object.fromEntries(
          FACET_COLUMNS.map((column) => [column, { entries: [], distinct: 0 }]),
        ) as never,
      }),
    listSavedFilters: () => ok({ filters: [] }),
    getExplorerLayout: () => ok({ columns: [] }),
  });
}

/** Asks the route's first calls as main.tsx does, then mounts the app on the same cache. */
async function startAt(hash: string) {
  window.location.hash = hash;
  const fake = transport();
  const client = createClient(fake);
  const queryClient = createQueryClient();
  prefetchRouteData(parseRoute(window.location.hash), window.location.hash, queryClient, client);
  const asked = fake.calls.map((c) => c.method);
  render(<App client={client} queryClient={queryClient} />);
  await screen.findByTestId('trajectory-row', undefined, { timeout: 10_000 });
  return { asked, calls: fake.calls };
}

function repeated(calls: { method: string; input: unknown }[]): string[] {
  const seen = new Set<string>();
  const twice: string[] = [];
  for (const call of calls) {
    const key = `${call.method} ${JSON.stringify(call.input)}`;
    if (seen.has(key)) twice.push(key);
    seen.add(key);
  }
  return twice;
}

describe('prefetchRouteData', () => {
  it("asks the explorer's first calls before React renders, and the page asks none again", async () => {
    const { asked, calls } = await startAt('#/trajectories?outcome=failure');
    expect(asked).toEqual([
      'listTrajectories',
      'getExplorerLayout',
      'listSavedFilters',
      'getTrajectoryFacets',
      'appInfo',
    ]);
    expect(repeated(calls)).toEqual([]);
    // Everything the first screen needed was among the calls made at start.
    expect(calls.slice(asked.length).map((c) => c.method)).toEqual([]);
    expect(calls[0]?.input).toMatchObject({ outcome: 'failure', limit: 100, offset: 0 });
  });

  it("asks the rows in the session's last sort when the URL names none", async () => {
    window.sessionStorage.setItem(
      'turnwise.state.explorer:sort',
      JSON.stringify({ sort: 'reward', descending: true }),
    );
    const { calls } = await startAt('#/trajectories');
    expect(calls[0]?.input).toMatchObject({ sort: 'reward', descending: true });
    expect(repeated(calls)).toEqual([]);
  });

  it('leaves rows and facets to the text search when the filter has turn text', () => {
    const fake = transport();
    const hash = '#/trajectories?text=Traceback';
    prefetchRouteData(parseRoute(hash), hash, createQueryClient(), createClient(fake));
    expect(fake.calls.map((c) => c.method)).toEqual([
      'getExplorerLayout',
      'listSavedFilters',
      'appInfo',
    ]);
  });
});
