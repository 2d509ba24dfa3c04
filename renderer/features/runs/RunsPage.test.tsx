// @vitest-environment jsdom
// The runs page on a faked API: the lineage in order with its export between runs, the curation
// answer against the parent, and keep / roll back recording the verdict and refreshing the runs.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunInfo } from '../../../shared/api-runs';
import { fakeTransport, ok } from '../../test/fake-transport';
import { renderWithApi } from '../../test/render';
import { comparison, EXPORT, RUNS } from '../compare/compare-test-support';
import { RunsPage } from './RunsPage';

afterEach(cleanup);

function setup(runs: RunInfo[] = RUNS) {
  let best: string | null = 'base';
  const transport = fakeTransport({
    listRuns: () =>
      ok({
        runs: runs.map((r) => ({ ...r, best: r.dataset_id === best })),
        exports: [EXPORT],
        best,
      }),
    compareRuns: (input) =>
      ok(
        input.tasks === 'trained'
          ? comparison({
              scope: 'trained',
              shared_tasks: 12,
              success_a: 0.25,
              success_b: 0.75,
              difference: 0.5,
              ci95: [0.25, 0.75],
              fixed: 6,
              broken: 0,
            })
          : comparison({ scope: 'held_out', shared_tasks: 0 }),
      ),
    decideRun: (input) => {
      best = input.verdict === 'kept' ? input.dataset_id : 'base';
      return ok({ best });
    },
  });
  return transport;
}

describe('RunsPage', () => {
  it('draws the lineage base -> export -> checkpoint and the runs without lineage', async () => {
    renderWithApi(<RunsPage />, setup());
    const chain = await screen.findByTestId('runs-chain');
    const order = [
      ...chain.querySelectorAll('[data-testid="runs-card"], [data-testid="runs-export"]'),
    ];
    expect(order.map((el) => el.getAttribute('data-run') ?? 'export')).toEqual([
      'base',
      'export',
      'ckpt',
    ]);
    const exportBox = within(chain).getByTestId('runs-export');
    expect(exportBox.textContent).toContain('exp-0123');
    expect(exportBox.textContent).toContain('trl-sft · 12 tasks');
    const base = chain.querySelector('[data-run="base"]') as HTMLElement;
    expect(within(base).getByText('best')).toBeTruthy();
    expect(base.textContent).toContain('qwen (from rollouts)');
    const ckpt = chain.querySelector('[data-run="ckpt"]') as HTMLElement;
    expect(ckpt.textContent).toContain('ckpt-100 · step 100');
    expect(
      within(ckpt).getByRole('link', { name: 'Compare with parent' }).getAttribute('href'),
    ).toBe('#/compare?runs=base,ckpt');
    const standalone = screen.getByTestId('runs-standalone');
    expect(standalone.querySelector('[data-run="other"]')).not.toBeNull();
  });

  it('answers trained-on against held-out for a run whose export is known', async () => {
    const transport = setup();
    renderWithApi(<RunsPage />, transport);
    const trained = await screen.findByTestId('curation-trained');
    await waitFor(() => expect(trained.textContent).toContain('25.0% → 75.0%'));
    expect(trained.textContent).toContain('+50.0 pts');
    expect(trained.textContent).toContain('[+25.0 pts, +75.0 pts]');
    expect(trained.textContent).toContain('+6 −0');
    expect(within(trained).getByRole('link', { name: 'Trained on' }).getAttribute('href')).toBe(
      '#/compare?runs=base,ckpt&scope=trained',
    );
    await waitFor(() =>
      expect(screen.getByTestId('curation-held_out').textContent).toContain('no shared tasks'),
    );
    const asked = transport.calls.filter((c) => c.method === 'compareRuns').map((c) => c.input);
    expect(asked).toEqual([
      { runs: ['base', 'ckpt'], seed: 0, tasks: 'trained' },
      { runs: ['base', 'ckpt'], seed: 0, tasks: 'held_out' },
    ]);
  });

  it('keeps a run as the best and rolls it back, refreshing the runs each time', async () => {
    const transport = setup();
    renderWithApi(<RunsPage />, transport);
    const chain = await screen.findByTestId('runs-chain');
    const ckpt = () => chain.querySelector('[data-run="ckpt"]') as HTMLElement;
    const listCalls = () => transport.calls.filter((c) => c.method === 'listRuns').length;
    expect(listCalls()).toBe(1);
    fireEvent.click(within(ckpt()).getByRole('button', { name: 'Keep as best' }));
    await waitFor(() => expect(within(ckpt()).queryByText('best')).not.toBeNull());
    expect(listCalls()).toBe(2);
    fireEvent.click(within(ckpt()).getByRole('button', { name: 'Roll back' }));
    await waitFor(() => expect(within(ckpt()).queryByText('best')).toBeNull());
    expect(transport.calls.filter((c) => c.method === 'decideRun').map((c) => c.input)).toEqual([
      { dataset_id: 'ckpt', verdict: 'kept' },
      { dataset_id: 'ckpt', verdict: 'rolled_back' },
    ]);
  });

  it('shows a refused decision in words', async () => {
    const transport = fakeTransport({
      listRuns: () => ok({ runs: [RUNS[2] as RunInfo], exports: [], best: null }),
      decideRun: () => ({ ok: false, error: { code: 'not_found', message: 'no run other' } }),
    });
    renderWithApi(<RunsPage />, transport);
    fireEvent.click(await screen.findByRole('button', { name: 'Keep as best' }));
    expect(await screen.findByText('The decision was not recorded')).toBeTruthy();
    expect(screen.getByText('no run other')).toBeTruthy();
  });
});
