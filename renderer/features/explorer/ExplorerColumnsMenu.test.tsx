// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExplorerLayout } from '../../../shared/api-explorer';
import { fakeTransport, ok } from '../../test/fake-transport';
import { successRow } from '../../test/list-row';
import { renderWithApi } from '../../test/render';
import { withScrollLayout } from '../../test/scroll-box';
import { TrajectoryTable } from './TrajectoryTable';

withScrollLayout();

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

/** One row, and a workspace layout that hides the dataset and puts turns right after the id. */
function setup(saved: ExplorerLayout) {
  const transport = fakeTransport({
    listTrajectories: () =>
      ok({
        total: 1,
        rows: [successRow('ds:t/0')],
      }),
    getExplorerLayout: () => ok(saved),
    setExplorerLayout: (input) => ok(input),
  });
  renderWithApi(<TrajectoryTable scope={{ dataset_id: 'ds' }} storageKey="columns" />, transport);
  const writes = () =>
    transport.calls.filter((c) => c.method === 'setExplorerLayout').map((c) => c.input);
  return { writes };
}

const headers = () =>
  // hidden: an open menu hides the page behind it from the accessibility tree.
  screen
    .getAllByRole('columnheader', { hidden: true })
    .map((cell) => cell.getAttribute('data-column'));

describe('ExplorerColumnsMenu', () => {
  it('shows the saved layout, writes a change to the workspace, and resets it', async () => {
    const { writes } = setup({
      columns: [
        { id: 'trajectory_id', width: 140, hidden: false },
        { id: 'n_turns', width: 120, hidden: false },
        { id: 'dataset_id', width: 96, hidden: true },
      ],
    });
    await waitFor(() =>
      expect(headers().slice(0, 3)).toEqual(['trajectory_id', 'n_turns', 'reward']),
    );
    expect(headers()).not.toContain('dataset_id');
    // The dataset column is hidden, so the id shows in full.
    const [row] = await screen.findAllByTestId('trajectory-row');
    expect(within(row as HTMLElement).getByRole('link').textContent).toBe('ds:t/0');
    expect(screen.getByTestId('explorer-columns').textContent).toBe('Columns (1 hidden)');

    fireEvent.click(screen.getByTestId('explorer-columns'));
    fireEvent.click(screen.getByRole('menuitem', { name: /Show reward/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Move success left' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    const written = writes()[0] as ExplorerLayout;
    expect(written.columns.slice(0, 5)).toEqual([
      { id: 'trajectory_id', width: 140, hidden: false },
      { id: 'n_turns', width: 120, hidden: false },
      { id: 'dataset_id', width: 96, hidden: true },
      { id: 'success', width: 92, hidden: false },
      { id: 'reward', width: 76, hidden: true },
    ]);
    expect(headers().slice(0, 3)).toEqual(['trajectory_id', 'n_turns', 'success']);

    fireEvent.click(screen.getByTestId('explorer-columns-reset'));
    await waitFor(() => expect(writes().at(-1)).toEqual({ columns: [] }));
    expect(headers().slice(0, 3)).toEqual(['trajectory_id', 'dataset_id', 'reward']);
    expect(within(row as HTMLElement).queryByRole('link', { hidden: true })?.textContent).toBe(
      't/0',
    );
  });
});
