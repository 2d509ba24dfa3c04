// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiInput, ApiMethod } from '../../shared/api';
import type { Result } from '../../shared/result';
import { ApiProvider } from './ApiContext';
import type { ApiClient } from './client';
import { useApi } from './useApi';
import { useInvalidate } from './useInvalidate';

afterEach(cleanup);

type Pending = { method: ApiMethod; input: unknown; resolve: (result: Result<unknown>) => void };

/** An ApiClient whose calls stay pending until the test resolves them, in any order. */
function manualClient() {
  const pending: Pending[] = [];
  const client: ApiClient = {
    call: (method, input) =>
      new Promise((resolve) => {
        pending.push({ method, input, resolve: resolve as Pending['resolve'] });
      }),
    onJobEvent: () => () => undefined,
  };
  return { client, pending };
}

function Name({
  input,
  keepPrevious,
}: {
  input: ApiInput<'getTrajectory'>;
  keepPrevious: boolean;
}) {
  const state = useApi('getTrajectory', input, { keepPrevious });
  return (
    <p data-testid="out">
      {state.error !== undefined
        ? `error ${state.error.code}: ${state.error.message}`
        : state.data === undefined
          ? 'waiting'
          : state.data.trajectory.model}
    </p>
  );
}

function dataset(name: string): Result<unknown> {
  return { ok: true, value: { trajectory: { model: name } } };
}

const out = () => screen.getByTestId('out').textContent;

/** Resolves a pending call and lets the cache notify its observers (it batches on a timer). */
async function answer(call: Pending | undefined, result: Result<unknown>) {
  if (call === undefined) throw new Error('no such call');
  await act(async () => {
    call.resolve(result);
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

describe('useApi', () => {
  for (const keepPrevious of [false, true]) {
    it(`never shows an older, slower answer for a newer request (keepPrevious ${keepPrevious})`, async () => {
      const { client, pending } = manualClient();
      const { rerender } = render(
        <ApiProvider client={client}>
          <Name input={{ trajectory_id: 'a' }} keepPrevious={keepPrevious} />
        </ApiProvider>,
      );
      rerender(
        <ApiProvider client={client}>
          <Name input={{ trajectory_id: 'b' }} keepPrevious={keepPrevious} />
        </ApiProvider>,
      );
      expect(pending.map((p) => p.input)).toEqual([{ trajectory_id: 'a' }, { trajectory_id: 'b' }]);
      const [older, newer] = pending as [Pending, Pending];
      await answer(newer, dataset('B'));
      expect(out()).toBe('B');
      await answer(older, dataset('A'));
      expect(out()).toBe('B');
    });
  }

  it('shows nothing from the previous input while the new one loads, unless keepPrevious', async () => {
    const { client, pending } = manualClient();
    const tree = (id: string) => (
      <ApiProvider client={client}>
        <Name input={{ trajectory_id: id }} keepPrevious={false} />
      </ApiProvider>
    );
    const { rerender } = render(tree('a'));
    await answer(pending[0], dataset('A'));
    expect(out()).toBe('A');
    rerender(tree('b'));
    expect(out()).toBe('waiting');
  });

  it('maps an {ok:false} envelope to the typed error', async () => {
    const { client, pending } = manualClient();
    render(
      <ApiProvider client={client}>
        <Name input={{ trajectory_id: 'x' }} keepPrevious={false} />
      </ApiProvider>,
    );
    await answer(pending[0], { ok: false, error: { code: 'not_found', message: 'No dataset x' } });
    expect(out()).toBe('error not_found: No dataset x');
    expect(pending).toHaveLength(1); // typed errors are not retried
  });

  it('asks again after a write invalidates the method it reads', async () => {
    const { client, pending } = manualClient();
    function Rename() {
      const invalidate = useInvalidate();
      return <button onClick={() => void invalidate('getTrajectory')}>renamed</button>;
    }
    render(
      <ApiProvider client={client}>
        <Name input={{ trajectory_id: 'a' }} keepPrevious={false} />
        <Rename />
      </ApiProvider>,
    );
    await answer(pending[0], dataset('old name'));
    expect(out()).toBe('old name');
    fireEvent.click(screen.getByRole('button', { name: 'renamed' }));
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(pending[1]?.method).toBe('getTrajectory');
    // The old value stays on screen while the refetch runs, then the new one replaces it.
    expect(out()).toBe('old name');
    await answer(pending[1], dataset('new name'));
    expect(out()).toBe('new name');
  });
});
