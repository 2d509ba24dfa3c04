// @vitest-environment jsdom
// The charts page on a faked API: it asks for the route's filter, draws every card with its
// numbers, says what computes missing credit and labels, and turns clicks into explorer links.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Charts } from '../../../shared/api-charts';
import { fakeTransport, ok } from '../../test/fake-transport';
import { renderWithApi } from '../../test/render';
import { ChartsPage } from './ChartsPage';

// The canvas cannot be clicked in jsdom: the fake chart lists each data item as a button that
// reports the click the way EChart does.
vi.mock('../../components/EChart', () => ({
  EChart: ({
    option,
    onItemClick,
  }: {
    option: { series: { name?: string; data: unknown[] }[] };
    onItemClick?: (item: { seriesIndex: number; dataIndex: number; dataType: undefined }) => void;
  }) => (
    <div>
      {option.series.map((series, seriesIndex) =>
        series.data.map((_, dataIndex) => (
          <button
            key={`${seriesIndex}-${dataIndex}`}
            onClick={() => onItemClick?.({ seriesIndex, dataIndex, dataType: undefined })}
          >
            {`item ${series.name ?? ''} ${dataIndex}`}
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

const CHARTS: Charts = {
  trajectories: 6,
  by_task: {
    distinct: 40,
    rows: [
      { value: 'task-a', n: 4, known: 4, successes: 1, success_rate: 0.25 },
      { value: 'task-b', n: 2, known: 2, successes: 2, success_rate: 1 },
    ],
  },
  by_model: {
    distinct: 1,
    rows: [{ value: null, n: 6, known: 6, successes: 3, success_rate: 0.5 }],
  },
  n_turns: {
    bins: [
      { lo: 3, hi: 4 },
      { lo: 5, hi: 6 },
    ],
    counts: { success: [1, 2], failure: [3, 0], unknown: [0, 0] },
  },
  n_actions: { bins: [{ lo: 1, hi: 1 }], counts: { success: [3], failure: [3], unknown: [0] } },
  label_mix: { segments: 0, cells: [] },
  credit_total: { values: 0, bins: [] },
  progress_score: {
    values: 6,
    bins: [
      { lo: 0, hi: 0.5, count: 2 },
      { lo: 0.5, hi: 1, count: 4 },
    ],
  },
  roc: {
    positives: 3,
    negatives: 3,
    auroc: 0.6111,
    points: [
      { threshold: null, fpr: 0, tpr: 0 },
      { threshold: 0.9, fpr: 0, tpr: 1 / 3 },
      { threshold: 0.3, fpr: 1, tpr: 1 },
    ],
  },
};

function renderPage(charts: Charts = CHARTS) {
  const transport = fakeTransport({ getCharts: () => ok(charts) });
  renderWithApi(<ChartsPage filter={{ outcome: 'failure' }} />, transport);
  return transport;
}

describe('ChartsPage', () => {
  it('loads the charts of the route filter and shows the filter with an explorer link', async () => {
    const transport = renderPage();
    expect(await screen.findByText('Success rate by task')).toBeTruthy();
    expect(transport.calls).toEqual([{ method: 'getCharts', input: { outcome: 'failure' } }]);
    const bar = screen.getByTestId('charts-filter');
    expect(within(bar).getByText('outcome: failure')).toBeTruthy();
    expect(
      within(bar).getByRole('link', { name: 'Open in the explorer' }).getAttribute('href'),
    ).toBe('#/trajectories?outcome=failure');
    const byTask = screen.getByRole('figure', { name: 'Success rate by task' });
    expect(within(byTask).getByTestId('chart-summary').textContent).toContain(
      'Success rate of the 2 largest of 40 tasks.',
    );
    expect(screen.getByTestId('roc-auroc').textContent).toBe('AUROC 0.611');
  });

  it('shows the numbers of a chart as a table with explorer links', async () => {
    renderPage();
    const byTask = await screen.findByRole('figure', { name: 'Success rate by task' });
    fireEvent.click(within(byTask).getByRole('button', { name: 'Show numbers' }));
    const table = within(byTask).getByRole('table', { name: 'Success rate by task: numbers' });
    const rows = within(table).getAllByRole('row');
    const cells = within(rows[1] as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['task-a', '4', '4', '1', '25.0%']);
    // The table is the keyboard route to what a click on the bar does.
    expect(within(table).getByRole('link', { name: 'task-a' }).getAttribute('href')).toBe(
      '#/trajectories?tasks=task-a&outcome=failure',
    );
  });

  it('says what computes credit and labels when there are none', async () => {
    renderPage();
    const credit = await screen.findByRole('figure', { name: 'Segment credit (total)' });
    expect(credit.textContent).toContain('turnwise credit --db FILE');
    expect(credit.textContent).toContain('Not clickable');
    const labels = screen.getByRole('figure', { name: 'Label mix by outcome' });
    expect(labels.textContent).toContain('turnwise label --labeler heuristic');
  });

  it('opens the explorer on the clicked bar, bin or point within the filter', async () => {
    renderPage();
    const byTask = await screen.findByRole('figure', { name: 'Success rate by task' });
    // Bars are listed largest group last (on top of the axis): item 0 is task-b.
    fireEvent.click(within(byTask).getByRole('button', { name: 'item success rate 0' }));
    expect(window.location.hash).toBe('#/trajectories?tasks=task-b&outcome=failure');

    const byModel = screen.getByRole('figure', { name: 'Success rate by model' });
    fireEvent.click(within(byModel).getByRole('button', { name: 'item success rate 0' }));
    expect(window.location.hash).toBe('#/trajectories?models=~&outcome=failure');

    const turns = screen.getByRole('figure', { name: 'Turns per trajectory by outcome' });
    fireEvent.click(within(turns).getByRole('button', { name: 'item success 1' }));
    expect(window.location.hash).toBe('#/trajectories?outcome=success&n_turns=5..6');

    const scores = screen.getByRole('figure', { name: 'Trajectory progress score' });
    fireEvent.click(within(scores).getByRole('button', { name: 'item trajectories 1' }));
    expect(window.location.hash).toBe('#/trajectories?outcome=failure&progress_score=0.5..1');

    const roc = screen.getByRole('figure', { name: 'Progress score vs success (ROC)' });
    fireEvent.click(within(roc).getByRole('button', { name: 'item ROC 1' }));
    expect(window.location.hash).toBe('#/trajectories?outcome=failure&progress_score=0.9..');
  });

  it('maps a label-mix cell to its outcome and role', async () => {
    renderPage({
      ...CHARTS,
      label_mix: {
        segments: 3,
        cells: [
          { role_label: 'regression', outcome: 'failure', n: 2 },
          { role_label: 'decisive_progress', outcome: 'success', n: 1 },
        ],
      },
    });
    const mix = await screen.findByRole('figure', { name: 'Label mix by outcome' });
    // Outcomes in order success, failure: regression (series 3) in failure (index 1).
    fireEvent.click(within(mix).getByRole('button', { name: 'item regression 1' }));
    await waitFor(() =>
      expect(window.location.hash).toBe('#/trajectories?outcome=failure&regression=1..'),
    );
  });
});
