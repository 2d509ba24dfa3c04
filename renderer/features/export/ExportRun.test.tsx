// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobStateOf } from '../../../shared/api';
import { ExportSelectionSchema } from '../../../shared/api-export';
import type { Result } from '../../../shared/result';
import { fakeTransport, ok } from '../../test/fake-transport';
import { renderWithApi } from '../../test/render';
import { ExportRun } from './ExportRun';

afterEach(cleanup);

const selection = { ...ExportSelectionSchema.parse({ target: 'trl-sft' }), limit: 3 };

const DONE: JobStateOf<'export'> = {
  job_id: 'job-1',
  kind: 'export',
  status: 'succeeded',
  progress: { done: 5, total: 5, unit: 'records', message: 'done' },
  started_at: '2026-01-01T00:00:00Z',
  finished_at: '2026-01-01T00:00:01Z',
  result: {
    target: 'trl-sft',
    out_dir: '/exports/a',
    trajectories: 5,
    records: 5,
    skipped: [],
    left_out: [],
    files: ['/exports/a/train.jsonl'],
    manifest: '/exports/a/turnwise-manifest.json',
    secrets: { mode: 'dataset', scanned_trajectories: 0, redacted: [] },
  },
  error: null,
};

const REFUSAL =
  '/home/me/thesis is not replaced: it holds no readable turnwise-manifest.json, so no ' +
  'Turnwise export wrote it. Overwriting replaces only the folder of a previous export; ' +
  'choose an empty or new folder';

function exportInto(folder: string, overwrite: boolean) {
  fireEvent.change(screen.getByTestId('export-out'), { target: { value: folder } });
  const box = screen.getByLabelText('Replace a previous export in this folder') as HTMLInputElement;
  if (box.checked !== overwrite) fireEvent.click(box);
  fireEvent.click(screen.getByTestId('export-start'));
}

describe('ExportRun', () => {
  it('shows a refused overwrite in words, in place of the last export’s result', async () => {
    const answers: Result<JobStateOf<'export'>>[] = [
      ok(DONE),
      { ok: false, error: { code: 'invalid_input', message: REFUSAL } },
    ];
    const transport = fakeTransport({
      startExport: () => answers.shift() ?? ok(DONE),
    });
    renderWithApi(<ExportRun selection={selection} />, transport);
    exportInto('/exports/a', false);
    await screen.findByTestId('export-done');
    exportInto('/home/me/thesis', true);
    const alert = await screen.findByTestId('error-alert');
    expect(alert.textContent).toContain('Could not start the export (invalid_input)');
    expect(alert.textContent).toContain(REFUSAL);
    expect(screen.queryByTestId('export-done')).toBeNull();
    expect(transport.calls.at(-1)).toMatchObject({
      method: 'startExport',
      input: { out_dir: '/home/me/thesis', overwrite: true },
    });
  });
});
