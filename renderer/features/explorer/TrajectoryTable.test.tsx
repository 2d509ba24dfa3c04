// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiInput } from '../../../shared/api';
import { fakeTransport, ok } from '../../test/fake-transport';
import { successRow } from '../../test/list-row';
import { renderWithApi } from '../../test/render';
import { withScrollLayout } from '../../test/scroll-box';
import { TrajectoryTable } from './TrajectoryTable';

// The grids are virtualized: give them a layout to show their rows in.
withScrollLayout();

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.location.hash = '';
});

const TOTAL = 5000;

/** A server of TOTAL rows: each page is made from its offset, so the test sees which was asked. */
function setup() {
  const transport = fakeTransport({
    listTrajectories: (input) => {
      const offset = input.offset ?? 0;
      const count = Math.max(0, Math.min(input.limit ?? 100, TOTAL - offset));
      const rows = Array.from({ length: count }, (_, i) =>
        successRow(`ds:t/${offset + i}`, { group_id: 'g:1', sample_index: 0 }),
      );
      return ok({ total: TOTAL, rows });
    },
  });
  renderWithApi(<TrajectoryTable scope={{ dataset_id: 'ds' }} storageKey="test" />, transport);
  const queries = () =>
    transport.calls
      .filter((c) => c.method === 'listTrajectories')
      .map((c) => c.input as ApiInput<'listTrajectories'>);
  return { transport, queries, lastQuery: () => queries().at(-1) };
}

describe('TrajectoryTable', () => {
  it('queries the server with scope, sort, filter and debounced search', async () => {
    const { lastQuery } = setup();
    await screen.findAllByTestId('trajectory-row');
    expect(lastQuery()).toMatchObject({ dataset_id: 'ds', sort: 'trajectory_id', offset: 0 });

    fireEvent.click(screen.getByRole('button', { name: 'reward' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'reward', descending: true }));

    fireEvent.click(screen.getByRole('button', { name: 'failure' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ outcome: 'failure' }));

    fireEvent.change(screen.getByTestId('trajectory-search'), { target: { value: ' django ' } });
    await waitFor(() => expect(lastQuery()).toMatchObject({ search: 'django' }));
  });

  it('keeps only the visible rows in the DOM and fetches the block scrolled to', async () => {
    const { queries } = setup();
    const rows = await screen.findAllByTestId('trajectory-row');
    expect(rows.length).toBeLessThan(40);
    await screen.findByText(/5,000 trajectories/);
    const grid = screen.getByTestId('trajectory-grid');
    grid.scrollTop = 36 * 2500;
    fireEvent.scroll(grid);
    await waitFor(() => expect(queries().some((q) => q.offset === 2500)).toBe(true));
    // The dataset has its own column, so the id shows without it; the full id is the cell's title.
    const cell = (await screen.findByText('t/2500')).closest('[role="gridcell"]');
    expect(cell?.getAttribute('title')).toBe('ds:t/2500');
    expect(screen.queryByText('t/0')).toBeNull();
  });

  it('opens a row on click, moves with j/k and opens with Enter; the group has its own link', async () => {
    setup();
    const [first] = await screen.findAllByTestId('trajectory-row');
    fireEvent.click(first?.querySelector('[role="gridcell"]:nth-child(5)') as Element);
    expect(window.location.hash).toBe('#/trajectory/ds%3At%2F0');
    const grid = screen.getByTestId('trajectory-grid');
    fireEvent.keyDown(grid, { key: 'j' });
    fireEvent.keyDown(grid, { key: 'j' });
    fireEvent.keyDown(grid, { key: 'k' });
    await waitFor(() =>
      expect(
        grid.querySelector('[aria-selected="true"] [role="gridcell"]')?.getAttribute('title'),
      ).toBe('ds:t/1'),
    );
    fireEvent.keyDown(grid, { key: 'Enter' });
    expect(window.location.hash).toBe('#/trajectory/ds%3At%2F1');
    const groupLinks = screen.getAllByRole('link', { name: 'Open group g:1' });
    expect(groupLinks[0]?.getAttribute('href')).toBe('#/group/g%3A1');
  });
});
