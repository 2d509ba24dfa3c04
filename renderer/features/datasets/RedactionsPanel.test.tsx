// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeTransport, ok } from '../../test/fake-transport';
import { renderWithApi } from '../../test/render';
import { RedactionsPanel } from './RedactionsPanel';

afterEach(cleanup);

describe('RedactionsPanel', () => {
  it('lists redactions by kind and field, and links each place to its turn', async () => {
    const transport = fakeTransport({
      listRedactions: () =>
        ok({
          secrets: 'redacted',
          total: 5,
          by_kind: [
            { kind: 'aws-access-token', field: 'tool_output', count: 3, trajectories: 2 },
            { kind: 'secret-named-field', field: 'trajectory_metadata', count: 2, trajectories: 2 },
          ],
          places: [
            {
              trajectory_id: 'ds:<b>t1</b>',
              turn_index: 4,
              field: 'tool_output',
              kind: 'aws-access-token',
              count: 3,
            },
            {
              trajectory_id: 'ds:t2',
              turn_index: null,
              field: 'trajectory_metadata',
              kind: 'secret-named-field',
              count: 2,
            },
          ],
          truncated: false,
        }),
    });
    renderWithApi(<RedactionsPanel datasetId="ds" />, transport);
    const panel = await screen.findByTestId('redactions');
    expect(panel.textContent).toContain('Secrets redacted at import: 5');
    const kinds = screen.getAllByTestId('redaction-kind').map((row) => row.textContent);
    expect(kinds).toEqual([
      'aws-access-tokentool output32',
      'secret-named-fieldtrajectory metadata22',
    ]);
    const places = within(screen.getByRole('table', { name: 'redacted places' }));
    // Ids are shown as text, never as markup.
    const link = places.getByRole('link', { name: 'ds:<b>t1</b>' });
    expect(link.getAttribute('href')).toBe('#/trajectory/ds%3A%3Cb%3Et1%3C%2Fb%3E?turn=4');
    expect(places.getByRole('link', { name: 'ds:t2' }).getAttribute('href')).toBe(
      '#/trajectory/ds%3At2',
    );
    expect(transport.calls).toEqual([
      { method: 'listRedactions', input: { dataset_id: 'ds', limit: 50 } },
    ]);
  });

  it('says when a dataset was not scanned or its secrets were kept', async () => {
    const report = { total: 0, by_kind: [], places: [], truncated: false };
    renderWithApi(
      <RedactionsPanel datasetId="ds" />,
      fakeTransport({ listRedactions: () => ok({ ...report, secrets: 'kept' }) }),
    );
    expect((await screen.findByTestId('redactions')).textContent).toContain('--keep-secrets');
    cleanup();
    renderWithApi(
      <RedactionsPanel datasetId="ds" />,
      fakeTransport({ listRedactions: () => ok({ ...report, secrets: 'unscanned' }) }),
    );
    expect((await screen.findByTestId('redactions')).textContent).toContain('Not scanned');
  });
});
