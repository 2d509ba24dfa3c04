// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobStateOf } from '../../../shared/api';
import { fakeTransport, ok } from '../../test/fake-transport';
import { renderWithApi } from '../../test/render';
import { ImportDialog } from './ImportDialog';

vi.mock('../../components/monaco/JsonEditor', () => ({
  JsonEditor: (props: { value: string; onChange: (value: string) => void }) => (
    <textarea
      data-testid="json-editor"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
    />
  ),
}));

afterEach(cleanup);

const JOB: JobStateOf<'import'> = {
  job_id: 'j1',
  kind: 'import',
  status: 'running',
  progress: { done: 0, total: null, unit: 'records', message: '' },
  started_at: 'now',
  finished_at: null,
  result: null,
  error: null,
};

function setup() {
  const fake = fakeTransport({
    listFormats: () => ok({ formats: [] }),
    listMappings: () => ok({ mappings: [] }),
    previewImport: () => ({ ok: false, error: { code: 'unknown_method', message: 'not yet' } }),
    startImport: () => ok(JOB),
    getJob: () => ok(JOB),
  });
  renderWithApi(
    <ImportDialog open initialPaths={['/d/a.jsonl']} onClose={() => {}} onImported={() => {}} />,
    fake,
  );
  return fake;
}

function chooseCustomMapping() {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Format' }));
  fireEvent.click(within(screen.getByRole('listbox')).getByText('Custom mapping…'));
}

describe('ImportDialog with a custom mapping', () => {
  it('shows the mapping panel and imports with the inline spec', async () => {
    const fake = setup();
    expect(screen.queryByTestId('mapping-panel')).toBeNull();
    chooseCustomMapping();
    expect(screen.getByTestId('mapping-panel')).toBeTruthy();
    fireEvent.click(screen.getByTestId('import-start'));
    await screen.findByTestId('import-cancel');
    const call = fake.calls.find((c) => c.method === 'startImport');
    expect(call?.input).toMatchObject({
      paths: ['/d/a.jsonl'],
      format: 'mapping',
      mapping: { messages: 'conversation', roles: { bot: 'assistant' } },
    });
  });

  it('cannot import while the spec is invalid', () => {
    setup();
    chooseCustomMapping();
    fireEvent.change(screen.getByTestId('json-editor'), { target: { value: '{' } });
    expect(screen.getByTestId('mapping-error')).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('import-start').disabled).toBe(true);
  });
});
