// @vitest-environment jsdom
// After a failed import the dialog says what to do in its own terms and stays editable: the
// inputs can be changed and the import tried again.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobStateOf } from '../../../shared/api';
import { fakeTransport, ok } from '../../test/fake-transport';
import { renderWithApi } from '../../test/render';
import { ImportDialog } from './ImportDialog';

afterEach(cleanup);

const FAILED: JobStateOf<'import'> = {
  job_id: 'j1',
  kind: 'import',
  status: 'failed',
  progress: { done: 0, total: null, unit: 'bytes', message: '' },
  started_at: 'now',
  finished_at: 'now',
  result: null,
  error: {
    code: 'invalid_input',
    message: '/d/notes.json: format is ambiguous between sharegpt (0.85), openai-chat (0.80)',
    details: { remedy: 'choose_format', formats: ['sharegpt', 'openai-chat'], can_skip: true },
  },
};

const RUNNING: JobStateOf<'import'> = { ...FAILED, job_id: 'j2', status: 'running', error: null };

function setup() {
  const jobs = [FAILED, RUNNING];
  const fake = fakeTransport({
    listFormats: () =>
      ok({
        formats: [
          { name: 'sharegpt', description: 'ShareGPT', extensions: ['.json'], layouts: [] },
        ],
      }),
    startImport: () => ok(jobs.shift() ?? RUNNING),
    getJob: () => ok(RUNNING),
  });
  renderWithApi(
    <ImportDialog open initialPaths={['/d']} onClose={() => {}} onImported={() => {}} />,
    fake,
  );
  return fake;
}

describe('ImportDialog after a failure', () => {
  it('names the Format list, not a CLI flag, and can be changed and retried', async () => {
    const fake = setup();
    fireEvent.click(screen.getByTestId('import-start'));
    const alert = await screen.findByTestId('error-alert');
    expect(alert.textContent).toContain('Choose the format in the Format list above');
    expect(alert.textContent).toContain('(sharegpt, openai-chat)');
    expect(alert.textContent).toContain('tick “Skip bad records”');
    expect(alert.textContent).not.toContain('--format');

    // Still editable: choose the format, and the failure is cleared.
    expect(screen.getByTestId<HTMLTextAreaElement>('import-paths').disabled).toBe(false);
    expect(screen.getByTestId('import-start').textContent).toBe('Try again');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Format' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByText('sharegpt'));
    expect(screen.queryByTestId('error-alert')).toBeNull();

    fireEvent.click(screen.getByTestId('import-start'));
    await screen.findByTestId('import-cancel');
    const starts = fake.calls.filter((call) => call.method === 'startImport');
    expect(starts.map((call) => (call.input as { format: string }).format)).toEqual([
      'auto',
      'sharegpt',
    ]);
  });
});
