// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeTransport, ok } from '../../test/fake-transport';
import { renderWithApi } from '../../test/render';
import { SqlPage } from './SqlPage';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

describe('SqlPage', () => {
  it('runs the query on Ctrl+Enter and shows rows, NULLs and non-scalar cells', async () => {
    const transport = fakeTransport({
      runSql: () =>
        ok({
          columns: [
            { name: 'name', type: 'VARCHAR' },
            { name: 'n', type: 'BIGINT' },
            { name: 'extra', type: 'JSON' },
          ],
          rows: [
            { name: '<i>a</i>', n: 3, extra: { k: [1, 2] } },
            { name: null, n: 0, extra: null },
          ],
          truncated: true,
        }),
    });
    renderWithApi(<SqlPage />, transport);
    const input = screen.getByTestId('sql-input');
    fireEvent.change(input, { target: { value: 'SELECT 1' } });
    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true });

    const table = await screen.findByTestId('sql-result');
    expect(transport.calls.at(-1)).toEqual({
      method: 'runSql',
      input: { sql: 'SELECT 1', max_rows: 1000 },
    });
    expect(table.textContent).toContain('<i>a</i>');
    expect(table.querySelector('i')).toBeNull();
    expect(table.textContent).toContain('{"k":[1,2]}');
    expect(table.textContent).toContain('NULL');
    expect(screen.getByTestId('sql-row-count').textContent).toMatch(/2 rows.*truncated/);
  });

  it('shows a query error in an alert', async () => {
    const transport = fakeTransport({
      runSql: () => ({
        ok: false,
        error: { code: 'read_only', message: 'only SELECT is allowed' },
      }),
    });
    renderWithApi(<SqlPage />, transport);
    fireEvent.change(screen.getByTestId('sql-input'), { target: { value: 'DROP TABLE x' } });
    fireEvent.click(screen.getByTestId('sql-run'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('read_only');
    expect(alert.textContent).toContain('only SELECT is allowed');
  });
});
