// @vitest-environment jsdom
// The compare page on a faked API: the pair and scope it asks for, the summary cards, the task
// table's sort, a row opening the task's rollouts with a diff link, and the pickers writing the URL.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiInput } from '../../../shared/api';
import { fakeTransport, ok } from '../../test/fake-transport';
import { renderWithApi } from '../../test/render';
import { ComparePage } from './ComparePage';
import { comparison, EXPORT, rollout, RUNS, runInfo, steps } from './compare-test-support';

// The canvas cannot be clicked in jsdom: each point is a button reporting its click as EChart.
vi.mock('../../components/EChart', () => ({
  EChart: ({
    option,
    onItemClick,
  }: {
    option: { series: { name?: string; data: { name?: string }[] }[] };
    onItemClick?: (item: { seriesIndex: number; dataIndex: number; dataType: undefined }) => void;
  }) => (
    <div>
      {option.series.map((series, seriesIndex) =>
        series.data.map((item, dataIndex) => (
          <button
            key={`${seriesIndex}-${dataIndex}`}
            onClick={() => onItemClick?.({ seriesIndex, dataIndex, dataType: undefined })}
          >
            {`point ${series.name ?? ''} ${item.name ?? dataIndex}`}
          </button>
        )),
      )}
    </div>
  ),
}));

afterEach(() => {
  cleanup();
  window.location.hash = '';
});

function setup(runs = RUNS) {
  const transport = fakeTransport({
    listRuns: () => ok({ runs, exports: [EXPORT], best: 'base' }),
    compareRuns: (input) => ok(comparison({ scope: input.tasks ?? 'all' })),
    compareTask: (input) =>
      ok({
        task_id: input.task_id,
        a: {
          rollouts: [rollout('a-ok', true, 0), rollout('a-bad', false, 1)],
          steps: steps(),
        },
        b: {
          rollouts: [rollout('b-bad', false, 0), rollout('b-ok', true, 1)],
          steps: steps({ labelled_steps: 0 }),
        },
      }),
  });
  return transport;
}

const callsOf = <M extends 'compareRuns' | 'compareTask'>(
  transport: ReturnType<typeof setup>,
  method: M,
) => transport.calls.filter((c) => c.method === method).map((c) => c.input as ApiInput<M>);

describe('ComparePage', () => {
  it('compares the linked pair in the scope and filter of the link, and shows the summary', async () => {
    const transport = setup();
    renderWithApi(
      <ComparePage runs={['base', 'ckpt']} scope="trained" filter={{ outcome: 'failure' }} />,
      transport,
    );
    const summary = await screen.findByTestId('compare-summary');
    expect(callsOf(transport, 'compareRuns')).toEqual([
      { runs: ['base', 'ckpt'], seed: 0, tasks: 'trained', filter: { outcome: 'failure' } },
    ]);
    const card = (id: string) => within(summary).getByTestId(`compare-card-${id}`).textContent;
    expect(card('shared')).toContain('only in A 1 · only in B 2');
    expect(card('pass-at-k')).toContain('pass@2');
    expect(card('pass-at-k')).toContain('60.0% → 80.0%');
    // The unshared tasks are listed apart, each a link to its rollouts in the explorer.
    const onlyB = await screen.findByTestId('compare-only-in-ckpt');
    expect(
      within(onlyB)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['only-b1', 'only-b2']);
    expect(card('success-a')).toContain('50.0%');
    expect(card('success-b')).toContain('60.0%');
    expect(card('difference')).toContain('+10.0 pts');
    expect(card('difference')).toContain('95% CI [−20.0 pts, +40.0 pts] · includes 0');
    expect(card('mcnemar')).toContain('1');
    expect(card('paired')).toContain('0.75');
    expect(card('flips')).toContain('1 / 1 / 3');
    const agreement = within(summary).getByTestId('compare-card-agreement').textContent;
    expect(agreement).toContain('2both right');
    expect(agreement).toContain('1both wrong');
    // Step level: the change of mean actions and of the tool-error rate, B − A.
    const stepsPanel = screen.getByTestId('compare-steps');
    const actions = within(stepsPanel).getByRole('rowheader', { name: 'Mean actions' });
    expect(actions.parentElement?.textContent).toBe('Mean actions45+1');
    expect(
      within(stepsPanel).getByRole('rowheader', { name: 'Tool-error rate' }).parentElement
        ?.textContent,
    ).toContain('−15.0 pts');
  });

  it('sorts the task table by difference, and by another column on a header click', async () => {
    renderWithApi(<ComparePage runs={['base', 'ckpt']} scope={undefined} filter={{}} />, setup());
    const table = await screen.findByTestId('compare-task-table');
    const firstCells = () =>
      within(table)
        .getAllByTestId('compare-task-row')
        .map((row) => row.querySelector('td')?.textContent);
    expect(firstCells()).toEqual([
      'fixed-one',
      'half-up',
      'same-right',
      'same-wrong',
      'broken-one',
    ]);
    fireEvent.click(within(table).getByRole('button', { name: 'Task' }));
    expect(firstCells()).toEqual([
      'broken-one',
      'fixed-one',
      'half-up',
      'same-right',
      'same-wrong',
    ]);
    fireEvent.click(within(table).getByRole('button', { name: 'Task' }));
    expect(firstCells()[0]).toBe('same-wrong');
    fireEvent.click(within(table).getByRole('button', { name: 'Difference' }));
    expect(firstCells()[0]).toBe('fixed-one');
  });

  it('opens a task from its row: both runs’ rollouts and a diff of failure against success', async () => {
    const transport = setup();
    renderWithApi(<ComparePage runs={['base', 'ckpt']} scope={undefined} filter={{}} />, transport);
    const table = await screen.findByTestId('compare-task-table');
    const row = within(table)
      .getAllByTestId('compare-task-row')
      .find((r) => r.textContent?.startsWith('broken-one')) as HTMLElement;
    fireEvent.click(row);
    const detail = await screen.findByTestId('compare-task-detail');
    await within(detail).findByTestId('compare-rollouts-a');
    expect(callsOf(transport, 'compareTask')).toEqual([
      { runs: ['base', 'ckpt'], task_id: 'broken-one' },
    ]);
    // Both rollouts lists link to the trajectories.
    const listA = within(detail).getByTestId('compare-rollouts-a');
    expect(within(listA).getByRole('link', { name: 'sample 1' }).getAttribute('href')).toBe(
      '#/trajectory/a-bad',
    );
    expect(within(detail).getByTestId('compare-rollouts-b').textContent).toContain(
      'No labelled steps',
    );
    // A succeeded (1 of 2 is half), B failed (1 of 2 is also half): same outcome, so the default
    // pair is a failure in A against a success in B.
    const diff = within(detail).getByTestId('compare-diff');
    expect(diff.getAttribute('href')).toBe('#/diff/a-bad/b-ok');
    // Another pair chosen by hand.
    fireEvent.click(within(detail).getByRole('radio', { name: 'Diff A: a-ok' }));
    fireEvent.click(within(detail).getByRole('radio', { name: 'Diff B: b-bad' }));
    expect(diff.getAttribute('href')).toBe('#/diff/a-ok/b-bad');
  });

  it('selects a task from the scatter', async () => {
    const transport = setup();
    renderWithApi(<ComparePage runs={['base', 'ckpt']} scope={undefined} filter={{}} />, transport);
    fireEvent.click(await screen.findByRole('button', { name: 'point fixed fixed-one' }));
    await screen.findByTestId('compare-task-detail');
    expect(callsOf(transport, 'compareTask').map((c) => c.task_id)).toEqual(['fixed-one']);
  });

  it('completes a link without runs with the best run lineage and writes it into the URL', async () => {
    const runs = [...RUNS.map((r) => ({ ...r, best: r.dataset_id === 'ckpt' }))];
    const transport = fakeTransport({
      listRuns: () => ok({ runs, exports: [EXPORT], best: 'ckpt' }),
      compareRuns: () => ok(comparison()),
    });
    renderWithApi(<ComparePage runs={[]} scope={undefined} filter={{ search: 'x' }} />, transport);
    await waitFor(() => expect(window.location.hash).toBe('#/compare?runs=base,ckpt&q=x'));
  });

  it('disables the scope when B has no export, and lists every run of a 3-run link', async () => {
    const transport = setup();
    renderWithApi(
      <ComparePage runs={['ckpt', 'other', 'base']} scope="trained" filter={{}} />,
      transport,
    );
    const overview = await screen.findByTestId('compare-overview');
    const rows = within(overview).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual([
      'Checkpoint 1',
      'Other',
      'Base',
    ]);
    expect(rows[0]?.textContent).toContain('70.0%');
    // B ('other') has no trained_from: scope 'all' is asked and the select is disabled.
    await waitFor(() => expect(callsOf(transport, 'compareRuns')[0]?.tasks).toBe('all'));
    expect(screen.getByTestId('compare-scope').closest('.MuiInputBase-root')?.className).toContain(
      'Mui-disabled',
    );
    // "as B" on the third run makes it the pair with A, keeping the others after.
    fireEvent.click(within(rows[2] as HTMLElement).getByRole('button', { name: 'as B' }));
    expect(window.location.hash).toBe('#/compare?runs=ckpt,base,other&scope=trained');
  });

  it('shows the server error in words', async () => {
    const transport = fakeTransport({
      listRuns: () => ok({ runs: [runInfo('a'), runInfo('b')], exports: [], best: null }),
      compareRuns: () => ({
        ok: false,
        error: { code: 'not_found', message: 'no dataset b' },
      }),
    });
    renderWithApi(<ComparePage runs={['a', 'b']} scope={undefined} filter={{}} />, transport);
    expect(await screen.findByText('Could not compare the runs')).toBeTruthy();
    expect(screen.getByText('no dataset b')).toBeTruthy();
  });
});
