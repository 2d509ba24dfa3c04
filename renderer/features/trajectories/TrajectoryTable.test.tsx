// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiInput } from '../../../shared/api';
import type { TrajectorySummary } from '../../../shared/model';
import { fakeTransport, ok } from '../../test/fake-transport';
import { renderWithApi } from '../../test/render';
import { TrajectoryTable } from './TrajectoryTable';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.location.hash = '';
});

const row: TrajectorySummary = {
  trajectory_id: 'ds:t/1',
  dataset_id: 'ds',
  task_id: 'task',
  group_id: 'g:1',
  sample_index: 0,
  model: null,
  reward: 1,
  success: true,
  n_turns: 5,
  n_actions: 2,
};

function setup() {
  const transport = fakeTransport({ listTrajectories: () => ok({ total: 1, rows: [row] }) });
  renderWithApi(<TrajectoryTable scope={{ dataset_id: 'ds' }} storageKey="test" />, transport);
  const lastQuery = () =>
    transport.calls.filter((c) => c.method === 'listTrajectories').at(-1)
      ?.input as ApiInput<'listTrajectories'>;
  return { transport, lastQuery };
}

describe('TrajectoryTable', () => {
  it('queries the server with scope, sort, filter and debounced search', async () => {
    const { lastQuery } = setup();
    await screen.findByTestId('trajectory-row');
    expect(lastQuery()).toMatchObject({ dataset_id: 'ds', sort: 'trajectory_id', offset: 0 });

    fireEvent.click(screen.getByRole('button', { name: 'reward' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'reward', descending: true }));

    fireEvent.click(screen.getByRole('button', { name: 'failure' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ outcome: 'failure' }));

    fireEvent.change(screen.getByTestId('trajectory-search'), { target: { value: ' django ' } });
    await waitFor(() => expect(lastQuery()).toMatchObject({ search: 'django' }));
  });

  it('opens the trajectory from a row and the group from its link', async () => {
    setup();
    const tr = await screen.findByTestId('trajectory-row');
    fireEvent.click(tr.querySelector('td:nth-child(4)') as Element);
    expect(window.location.hash).toBe('#/trajectory/ds%3At%2F1');
    const groupLink = screen.getByRole('link', { name: 'Open group g:1' });
    expect(groupLink.getAttribute('href')).toBe('#/group/g%3A1');
  });
});
