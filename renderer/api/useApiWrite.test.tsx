// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { invalidatedBy } from '../../shared/api';
import { fakeTransport, ok } from '../test/fake-transport';
import { ApiProvider } from './ApiContext';
import { createClient } from './client';
import { useApi } from './useApi';
import { useApiWrite, type ApiWrite } from './useApiWrite';

afterEach(cleanup);

let write: ApiWrite | undefined;

function Runs({ onWrite }: { onWrite: (write: ApiWrite) => void }) {
  const apiWrite = useApiWrite();
  useEffect(() => onWrite(apiWrite), [apiWrite, onWrite]);
  const runs = useApi('listRuns', {});
  const prompts = useApi('listJudgePrompts', {});
  return (
    <p data-testid="out">
      {runs.data?.runs.length ?? '-'} runs, {prompts.data?.prompts.length ?? '-'} prompts
    </p>
  );
}

describe('useApiWrite', () => {
  it('refetches the reads a successful write declares, and nothing after a failed one', async () => {
    const transport = fakeTransport({
      listRuns: () => ok({ runs: [], exports: [], best: null }),
      listJudgePrompts: () => ok({ prompts: [] }),
      decideRun: (input) =>
        input.verdict === 'kept'
          ? ok({ best: input.dataset_id })
          : { ok: false, error: { code: 'not_found', message: 'no run' } },
    });
    render(
      <ApiProvider client={createClient(transport)}>
        <Runs onWrite={(w) => (write = w)} />
      </ApiProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('out').textContent).toBe('0 runs, 0 prompts'));
    const count = (method: string) => transport.calls.filter((c) => c.method === method).length;
    expect([count('listRuns'), count('listJudgePrompts')]).toEqual([1, 1]);

    await act(async () => {
      await write?.('decideRun', { dataset_id: 'run-a', verdict: 'rolled_back' });
    });
    expect(count('listRuns')).toBe(1);

    await act(async () => {
      await write?.('decideRun', { dataset_id: 'run-a', verdict: 'kept' });
    });
    await waitFor(() => expect(count('listRuns')).toBe(2));
    expect(count('listJudgePrompts')).toBe(1);
  });

  it('reads its declarations from the API table', () => {
    expect(invalidatedBy('decideRun')).toEqual(['listRuns']);
    expect(invalidatedBy('setOutcomeRule')).toBe('all');
    expect(invalidatedBy('listRuns')).toEqual([]);
  });
});
