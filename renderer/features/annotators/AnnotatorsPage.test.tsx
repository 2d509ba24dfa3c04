// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgreementReport } from '../../../shared/api-judge-eval';
import { ANNOTATOR_STORAGE_KEY } from '../../hooks/useAnnotator';
import { fakeTransport, ok } from '../../test/fake-transport';
import { renderWithApi } from '../../test/render';
import { AnnotatorsPage } from './AnnotatorsPage';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const REPORT: AgreementReport = {
  n: 5,
  accuracy: 0.6,
  kappa: 7 / 17,
  per_role: [
    { role: 'decisive_progress', support: 2, precision: 0.5, recall: 0.5, f1: 0.5 },
    { role: 'useful_exploration', support: 1, precision: 0.5, recall: 1, f1: 2 / 3 },
    { role: 'no_progress_infrastructure', support: 0, precision: null, recall: null, f1: null },
    { role: 'regression', support: 2, precision: 1, recall: 0.5, f1: 2 / 3 },
  ],
  confusion: [
    [1, 1, 0, 0],
    [0, 1, 0, 0],
    [0, 0, 0, 0],
    [1, 0, 0, 1],
  ],
};

function setup(names = ['alice', 'bob', 'carol']) {
  const transport = fakeTransport({
    listAnnotators: () => ok({ annotators: names.map((name, i) => ({ name, labels: 5 + i })) }),
    getAnnotatorAgreement: (input) =>
      ok(input.b === 'carol' ? { ...REPORT, n: 0, accuracy: null, kappa: null } : REPORT),
  });
  renderWithApi(<AnnotatorsPage />, transport);
  return transport;
}

describe('AnnotatorsPage', () => {
  it("compares this app's annotator with another: agreement, kappa, per role, confusion", async () => {
    window.localStorage.setItem(ANNOTATOR_STORAGE_KEY, 'bob');
    const transport = setup();
    const report = await screen.findByTestId('agreement-report');
    expect(transport.calls.find((c) => c.method === 'getAnnotatorAgreement')?.input).toEqual({
      a: 'bob',
      b: 'alice',
    });
    expect(report.textContent).toContain('Segments both labeled5');
    expect(report.textContent).toContain('Raw agreement60.0%');
    expect(report.textContent).toContain("Cohen's kappa0.41");
    const useful = screen.getByTestId('agreement-role-useful_exploration');
    expect([...useful.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'Useful exploration',
      '1',
      '0.50',
      '1.00',
      '0.67',
    ]);
    expect(screen.getByTestId('agreement-role-no_progress_infrastructure').textContent).toContain(
      '—',
    );
    expect(screen.getByTestId('confusion-regression-decisive_progress').textContent).toBe('1');
    expect(screen.getByTestId('confusion-useful_exploration-useful_exploration').textContent).toBe(
      '1',
    );
  });

  it('switches the compared annotator, and says when two share no segment', async () => {
    const transport = setup();
    await screen.findByTestId('agreement-report');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Compared annotator' }));
    fireEvent.click(await screen.findByRole('option', { name: /carol/ }));
    expect((await screen.findByTestId('agreement-empty')).textContent).toContain(
      'alice and carol have not labeled any segment in common',
    );
    expect(
      transport.calls.filter((c) => c.method === 'getAnnotatorAgreement').at(-1)?.input,
    ).toEqual({
      a: 'alice',
      b: 'carol',
    });
  });

  it('asks for a second annotator when only one has labeled', async () => {
    const transport = setup(['alice']);
    await waitFor(() =>
      expect(screen.getByTestId('agreement-empty').textContent).toContain(
        'Only alice has labeled so far',
      ),
    );
    expect(transport.calls.some((c) => c.method === 'getAnnotatorAgreement')).toBe(false);
    expect(
      within(screen.getByTestId('annotator-agreement')).queryByTestId('agreement-report'),
    ).toBeNull();
  });
});
