// @vitest-environment jsdom
// The dataset page's Run card: shows the run's fields, sends only what changed, takes an export
// path, and shows the server's refusal in words.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiInput } from '../../../shared/api';
import type { Result } from '../../../shared/result';
import type { RunInfo } from '../../../shared/api-runs';
import { fakeTransport, ok } from '../../test/fake-transport';
import { renderWithApi } from '../../test/render';
import { EXPORT, RUNS } from '../compare/compare-test-support';
import { RunCard } from './RunCard';

afterEach(cleanup);

function setup(setRun: (input: ApiInput<'setRun'>) => Result<RunInfo>) {
  return fakeTransport({
    listRuns: () => ok({ runs: RUNS, exports: [EXPORT], best: 'base' }),
    setRun,
  });
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

async function chooseTrainedFrom(label: RegExp) {
  fireEvent.mouseDown(within(screen.getByTestId('run-card')).getByRole('combobox'));
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

describe('RunCard', () => {
  it('sends only the changed fields, a step as a number and an emptied field as null', async () => {
    const transport = setup(() => ok(RUNS[0] as RunInfo));
    renderWithApi(<RunCard datasetId="ckpt" />, transport);
    await waitFor(() => expect(input('run-checkpoint').value).toBe('ckpt-100'));
    expect(input('run-step').value).toBe('100');
    fireEvent.change(input('run-step'), { target: { value: 'x' } });
    expect(screen.getByText('The step is a whole number from 0.')).toBeTruthy();
    expect((screen.getByTestId('run-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input('run-step'), { target: { value: '250' } });
    fireEvent.change(input('run-checkpoint'), { target: { value: '' } });
    fireEvent.change(input('run-model'), { target: { value: ' qwen-ft ' } });
    fireEvent.click(screen.getByTestId('run-save'));
    await waitFor(() =>
      expect(transport.calls.filter((c) => c.method === 'setRun').map((c) => c.input)).toEqual([
        { dataset_id: 'ckpt', model: 'qwen-ft', checkpoint: null, step: 250 },
      ]),
    );
  });

  it('sets "Trained from" to a recorded export, or to an export path', async () => {
    const transport = setup(() => ok(RUNS[1] as RunInfo));
    renderWithApi(<RunCard datasetId="other" />, transport);
    await screen.findByText('1 recorded exports');
    await chooseTrainedFrom(/^exp-0123 · trl-sft/);
    fireEvent.click(screen.getByTestId('run-save'));
    await waitFor(() =>
      expect(transport.calls.at(-1)).toEqual({
        method: 'setRun',
        input: { dataset_id: 'other', trained_from: EXPORT.export_id },
      }),
    );
  });

  it('shows why a path was refused', async () => {
    const transport = setup(() => ({
      ok: false,
      error: { code: 'invalid_input', message: '/tmp/x is not a Turnwise export (no manifest)' },
    }));
    renderWithApi(<RunCard datasetId="other" />, transport);
    await screen.findByText('1 recorded exports');
    await chooseTrainedFrom(/manifest path/);
    expect((screen.getByTestId('run-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input('run-export-path'), { target: { value: '/tmp/x' } });
    fireEvent.click(screen.getByTestId('run-save'));
    expect(await screen.findByText('The run was not saved')).toBeTruthy();
    expect(screen.getByText('/tmp/x is not a Turnwise export (no manifest)')).toBeTruthy();
    expect(input('run-export-path').value).toBe('/tmp/x');
  });
});
