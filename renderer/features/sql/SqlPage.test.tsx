// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTransport, ok } from '../../test/fake-transport';
import { renderWithApi } from '../../test/render';
import { withScrollLayout } from '../../test/scroll-box';
import { SqlPage } from './SqlPage';

// The grids are virtualized: give them a layout to show their rows in.
withScrollLayout();

// Monaco needs a real browser (e2e/sql.spec.ts covers it); here a textarea stands in for it.
vi.mock('./MonacoSqlEditor', () => ({
  default: (props: { value: string; onChange: (sql: string) => void; onRun: () => void }) => (
    <textarea
      data-testid="sql-input"
      value={props.value}
      onChange={(event: ChangeEvent<HTMLTextAreaElement>) => props.onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.ctrlKey) props.onRun();
      }}
    />
  ),
}));

/** Focuses the plain textarea, which loads the editor (the mock above), and returns it. */
async function richEditor(): Promise<HTMLElement> {
  fireEvent.focus(await screen.findByTestId('sql-plain'));
  return screen.findByTestId('sql-input');
}

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

const RESULT = {
  columns: [
    { name: 'trajectory_id', type: 'VARCHAR' },
    { name: 'n', type: 'BIGINT' },
    { name: 'extra', type: 'JSON' },
  ],
  rows: [
    { trajectory_id: '<i>a</i>', n: 3, extra: { k: [1, 2] } },
    { trajectory_id: '', n: 0, extra: null },
    { trajectory_id: 'b', n: 1, extra: 'x'.repeat(500) },
  ],
  truncated: true,
  cut_by: 'rows' as const,
  bytes: 700,
  max_bytes: 16 * 2 ** 20,
};

describe('SqlPage', () => {
  it('runs on Ctrl+Enter; shows types, NULL apart from empty text, and long text on demand', async () => {
    const transport = fakeTransport({ runSql: () => ok(RESULT) });
    renderWithApi(<SqlPage />, transport);
    const input = await richEditor();
    fireEvent.change(input, { target: { value: 'SELECT 1' } });
    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true });

    const grid = await screen.findByTestId('sql-result');
    expect(transport.calls.at(-1)).toEqual({
      method: 'runSql',
      input: { sql: 'SELECT 1', max_rows: 1000, query_id: expect.any(String) as unknown },
    });
    expect(grid.textContent).toContain('<i>a</i>');
    expect(grid.querySelector('i')).toBeNull();
    expect(grid.textContent).toContain('{"k":[1,2]}');
    expect(grid.textContent).toContain('BIGINT');
    // By dataset, not a [data-kind="null"] selector: jsdom's selector engine matches a missing
    // attribute against the string "null".
    const kinds = within(grid)
      .getAllByRole('gridcell')
      .map((cell) => `${cell.dataset.kind}:${cell.textContent}`);
    expect(kinds).toContain('null:NULL');
    expect(kinds).toContain("empty:''");
    expect(screen.getByTestId('sql-row-count').textContent).toMatch(/3 rows.*truncated/);

    fireEvent.click(within(grid).getByTestId('sql-cell-expand'));
    expect((await screen.findByTestId('sql-cell-text')).textContent).toBe('x'.repeat(500));

    // Only the non-empty ids become the filter, in a bounded deep link.
    const filter = screen.getByTestId('sql-trajectory-filter');
    expect(filter.getAttribute('href')).toBe('#/trajectories?ids=%3Ci%3Ea%3C%2Fi%3E,b');
  });

  it('renders only the visible rows of a large result', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ trajectory_id: `t${i}`, n: i }));
    const transport = fakeTransport({
      runSql: () =>
        ok({
          ...RESULT,
          columns: RESULT.columns.slice(0, 2),
          rows,
          truncated: false,
          cut_by: null,
        }),
    });
    renderWithApi(<SqlPage />, transport);
    fireEvent.click(await screen.findByTestId('sql-run'));
    await screen.findByTestId('sql-result');
    const rendered = screen.getAllByTestId('sql-result-row').length;
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(60);
  });

  it('keeps a history in localStorage and re-runs an entry', async () => {
    const transport = fakeTransport({ runSql: () => ok(RESULT) });
    renderWithApi(<SqlPage />, transport);
    const input = await richEditor();
    fireEvent.change(input, { target: { value: 'SELECT 42' } });
    fireEvent.click(screen.getByTestId('sql-run'));
    await screen.findByTestId('sql-result');
    expect(JSON.parse(window.localStorage.getItem('turnwise:sql-history') ?? '[]')[0].sql).toBe(
      'SELECT 42',
    );
    fireEvent.change(input, { target: { value: 'SELECT 7' } });
    fireEvent.click(screen.getByTestId('sql-history'));
    fireEvent.click(await screen.findByText('SELECT 42'));
    await vi.waitFor(() =>
      expect(transport.calls.at(-1)?.input).toMatchObject({ sql: 'SELECT 42' }),
    );
    expect((input as HTMLTextAreaElement).value).toBe('SELECT 42');
  });

  it('shows a refusal in an alert', async () => {
    const transport = fakeTransport({
      runSql: (input) =>
        input.sql.startsWith('DROP')
          ? { ok: false, error: { code: 'read_only', message: 'only queries are allowed' } }
          : ok(RESULT),
    });
    renderWithApi(<SqlPage />, transport);
    fireEvent.change(await richEditor(), {
      target: { value: 'DROP TABLE x' },
    });
    fireEvent.click(screen.getByTestId('sql-run'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('read_only');
    expect(alert.textContent).toContain('only queries are allowed');
  });

  it('says when a result was cut at its size limit', async () => {
    const transport = fakeTransport({
      runSql: () => ok({ ...RESULT, cut_by: 'bytes', max_bytes: 16 * 2 ** 20 }),
    });
    renderWithApi(<SqlPage />, transport);
    fireEvent.click(await screen.findByTestId('sql-run'));
    await screen.findByTestId('sql-result');
    expect(screen.getByTestId('sql-row-count').textContent).toMatch(/result cut at 16 MB/);
  });

  it('cancels the running query on the engine by its id', async () => {
    let finish: (value: ReturnType<typeof ok>) => void = () => undefined;
    const transport = fakeTransport({
      runSql: () =>
        new Promise((resolve) => {
          finish = resolve as typeof finish;
        }),
      cancelSql: () => {
        finish({ ok: false, error: { code: 'cancelled', message: 'the query was cancelled' } });
        return ok({ cancelled: true });
      },
    });
    renderWithApi(<SqlPage />, transport);
    fireEvent.click(await screen.findByTestId('sql-run'));
    fireEvent.click(await screen.findByTestId('sql-cancel'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('the query was cancelled');
    const run = transport.calls.find((call) => call.method === 'runSql');
    const cancel = transport.calls.find((call) => call.method === 'cancelSql');
    expect(cancel?.input).toEqual({ query_id: (run?.input as { query_id: string }).query_id });
    expect(screen.queryByTestId('sql-cancel')).toBeNull();
  });

  it('shows and saves the workspace limits', async () => {
    let settings = { timeout_s: 30, max_result_mb: 16 };
    const transport = fakeTransport({
      getSqlSettings: () => ok(settings),
      setSqlSettings: (input) => {
        settings = { ...settings, ...input };
        return ok(settings);
      },
    });
    renderWithApi(<SqlPage />, transport);
    const button = await screen.findByTestId('sql-limits');
    expect(button.textContent).toBe('Limits: 30 s · 16 MB');
    fireEvent.click(button);
    fireEvent.change(await screen.findByLabelText('Time limit (seconds)'), {
      target: { value: '90' },
    });
    fireEvent.click(screen.getByTestId('sql-limits-save'));
    await vi.waitFor(() =>
      expect(screen.getByTestId('sql-limits').textContent).toBe('Limits: 90 s · 16 MB'),
    );
    expect(transport.calls.at(-1)).toEqual({
      method: 'setSqlSettings',
      input: { timeout_s: 90, max_result_mb: 16 },
    });
  });

  it('runs from the plain editor before the full editor is loaded', async () => {
    const transport = fakeTransport({ runSql: () => ok(RESULT) });
    renderWithApi(<SqlPage />, transport);
    const plain = await screen.findByTestId('sql-plain');
    fireEvent.change(plain, { target: { value: 'SELECT 2' } });
    fireEvent.click(screen.getByTestId('sql-run'));
    await screen.findByTestId('sql-result');
    expect(transport.calls.at(-1)).toMatchObject({ method: 'runSql', input: { sql: 'SELECT 2' } });
    expect(screen.queryByTestId('sql-input')).toBeNull();
    const runs = transport.calls.length;
    fireEvent.keyDown(plain, { key: 'Enter', ctrlKey: true });
    await vi.waitFor(() => expect(transport.calls).toHaveLength(runs + 1));
  });
});
