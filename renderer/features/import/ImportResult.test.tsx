// @vitest-environment jsdom
// A finished import shows every dataset it made (linked), the files it left out, and the content
// readers dropped from records they imported, each with its file, line and reason.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportSummary } from '../../../shared/model';
import { fakeTransport } from '../../test/fake-transport';
import { renderWithApi } from '../../test/render';
import { ImportResult } from './ImportResult';

afterEach(cleanup);

const SUMMARY: ImportSummary = {
  dataset: 'runs-inspect',
  format: 'inspect',
  datasets: [
    {
      dataset: 'runs-inspect',
      format: 'inspect',
      files: 2,
      trajectories: 3,
      turns: 20,
      actions: 6,
    },
    {
      dataset: 'runs-swe-agent',
      format: 'swe-agent',
      files: 1,
      trajectories: 1,
      turns: 9,
      actions: 4,
    },
  ],
  trajectories: 4,
  turns: 29,
  actions: 10,
  skipped: [],
  dropped: [
    { file: '/d/runs/a.traj', line: 1, reason: 'attempts[1]: a second attempt is not read' },
  ],
  skipped_files: [{ file: '/d/runs/README.md', reason: 'format not recognised' }],
  seconds: 1.2,
  secrets: 'redacted',
  secrets_redacted: 0,
};

describe('ImportResult', () => {
  it('lists the datasets, the files left out and the dropped content', () => {
    renderWithApi(
      <ImportResult summary={SUMMARY} attached={false} onOpenDataset={() => {}} />,
      fakeTransport({}),
    );
    expect(screen.getByTestId('import-done').textContent).toContain(
      'Imported 4 trajectories (29 turns, 10 actions) into 2 datasets, one per format',
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '#/dataset/runs-inspect',
      '#/dataset/runs-swe-agent',
    ]);
    expect(screen.getByTestId('import-skipped-files').textContent).toBe(
      '/d/runs/README.md: format not recognised',
    );
    expect(screen.getByTestId('import-dropped').textContent).toBe(
      '/d/runs/a.traj:1: attempts[1]: a second attempt is not read',
    );
  });

  it('says which redacted dataset a kept re-import replaced', () => {
    const kept: ImportSummary = {
      ...SUMMARY,
      datasets: SUMMARY.datasets.slice(0, 1).map((made) => ({ ...made, replaced: true })),
      secrets: 'kept',
    };
    renderWithApi(
      <ImportResult summary={kept} attached={false} onOpenDataset={() => {}} />,
      fakeTransport({}),
    );
    expect(screen.getByTestId('import-done').textContent).toContain(
      'It replaced dataset runs-inspect, the same content redacted.',
    );
  });
});
