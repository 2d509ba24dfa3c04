// @vitest-environment jsdom
// The explorer's text search as the page drives it: a text not searched yet starts the job, the
// rows wait until the search exists, progress shows with Cancel, and a cancelled search says what
// was read and offers to search every turn.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobStateOf } from '../../../shared/api';
import type { TextSearchState } from '../../../shared/api-search';
import { fakeTransport, ok } from '../../test/fake-transport';
import { renderWithApi } from '../../test/render';
import { TextSearchStatus } from './TextSearchStatus';
import { useTextSearch } from './useTextSearch';

afterEach(cleanup);

function Harness({ text }: { text: string }) {
  const search = useTextSearch(text);
  return (
    <>
      <TextSearchStatus text={text} search={search} />
      <span data-testid="ready">{search.ready ? 'ready' : 'waiting'}</span>
    </>
  );
}

const job = (
  status: JobStateOf<'search'>['status'],
  done: number,
  message: string,
): JobStateOf<'search'> => ({
  job_id: 'job-1',
  kind: 'search',
  status,
  progress: { done, total: 10_000_000, unit: 'turns', message },
  started_at: '2026-12-05T00:00:00Z',
  finished_at: status === 'running' ? null : '2026-12-05T00:00:01Z',
  result: null,
  error: null,
});

describe('the explorer text search', () => {
  it('starts, shows progress, cancels and offers to search every turn', async () => {
    let state: TextSearchState = {
      text: 'oops',
      status: 'none',
      turns_scanned: 0,
      turns_total: 0,
      trajectories: 0,
    };
    const transport = fakeTransport({
      getTextSearch: () => ok(state),
      startTextSearch: () => ok(job('running', 0, 'queued')),
      cancelJob: () => ok(job('cancelled', 4_000_000, 'cancelled')),
      getJob: () => ok(job('running', 0, 'queued')),
    });
    renderWithApi(<Harness text="oops" />, transport);
    await waitFor(() =>
      expect(transport.calls.filter((call) => call.method === 'startTextSearch')).toHaveLength(1),
    );
    expect(screen.getByTestId('ready').textContent).toBe('waiting');

    await screen.findByTestId('text-search-progress');
    state = { ...state, status: 'running', turns_scanned: 2_000_000, turns_total: 10_000_000 };
    transport.emit(job('running', 2_000_000, '12 trajectories match so far'));
    expect(
      await screen.findByText(/2,000,000 of 10,000,000 read · 12 trajectories match so far/),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('ready').textContent).toBe('ready'));

    fireEvent.click(screen.getByTestId('text-search-cancel'));
    await waitFor(() =>
      expect(transport.calls.some((call) => call.method === 'cancelJob')).toBe(true),
    );
    state = { ...state, status: 'cancelled', turns_scanned: 4_000_000, trajectories: 19 };
    transport.emit(job('cancelled', 4_000_000, '19 trajectories match so far'));
    await waitFor(() =>
      expect(screen.getByTestId('text-search-partial').textContent).toContain(
        'The search stopped after 4,000,000 of 10,000,000 turns: the list shows the 19 ' +
          'trajectories found in the turns read.',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Search all turns' }));
    await waitFor(() =>
      expect(transport.calls.filter((call) => call.method === 'startTextSearch')).toHaveLength(2),
    );
  });

  it('shows a failed search and lets the explorer read the turns itself', async () => {
    const transport = fakeTransport({
      getTextSearch: () =>
        ok({ text: 'oops', status: 'none', turns_scanned: 0, turns_total: 0, trajectories: 0 }),
      startTextSearch: () => ok(job('running', 0, 'queued')),
      getJob: () => ok(job('running', 0, 'queued')),
    });
    renderWithApi(<Harness text="oops" />, transport);
    await screen.findByText(/once the job before it ends/);
    expect(screen.getByTestId('ready').textContent).toBe('waiting');
    transport.emit({
      ...job('failed', 0, 'failed'),
      error: { code: 'internal', message: 'disk full' },
    });
    expect(await screen.findByText(/disk full/)).toBeTruthy();
    expect(screen.getByTestId('ready').textContent).toBe('ready');
  });

  it('asks for nothing without a text', async () => {
    const transport = fakeTransport({});
    renderWithApi(<Harness text="" />, transport);
    expect(screen.getByTestId('ready').textContent).toBe('ready');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(transport.calls).toEqual([]);
  });
});
