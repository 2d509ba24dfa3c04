// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatasetSegmentation } from '../../../shared/api-segmentation';
import { fakeTransport, ok } from '../../test/fake-transport';
import { renderWithApi } from '../../test/render';
import { SegmentationCard } from './SegmentationCard';

afterEach(cleanup);

const dialogue: DatasetSegmentation = {
  segmentation: 'turn',
  is_default: true,
  default_segmentation: 'turn',
  default_reason: 'tau-bench records are dialogues',
  assistant_turns: 14,
  assistant_actions: 5,
};

async function pick(label: RegExp) {
  fireEvent.mouseDown(screen.getByRole('combobox'));
  fireEvent.click(within(await screen.findByRole('listbox')).getByText(label));
}

describe('SegmentationCard', () => {
  it('shows the default with its reason and saves a window', async () => {
    const transport = fakeTransport({
      getDatasetSegmentation: () => ok(dialogue),
      setDatasetSegmentation: (input) =>
        ok({ ...dialogue, segmentation: input.segmentation ?? 'turn', is_default: false }),
    });
    renderWithApi(<SegmentationCard datasetId="tau" />, transport);
    await screen.findByText(/5 of 14 assistant messages are actions/);
    expect(
      screen.getByText(/The default is turn \(tau-bench records are dialogues\)/),
    ).toBeTruthy();
    await pick(/^window:N/);
    const size = screen.getByTestId('segmentation-window') as HTMLInputElement;
    fireEvent.change(size, { target: { value: '0' } });
    expect(screen.getByText('a whole number of 1 or more')).toBeTruthy();
    expect((screen.getByTestId('segmentation-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(size, { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('segmentation-save'));
    await waitFor(() =>
      expect(transport.calls).toContainEqual({
        method: 'setDatasetSegmentation',
        input: { dataset_id: 'tau', segmentation: 'window:2' },
      }),
    );
  });

  it('goes back to the default and shows a refusal in words', async () => {
    const transport = fakeTransport({
      getDatasetSegmentation: () => ok({ ...dialogue, segmentation: 'action', is_default: false }),
      setDatasetSegmentation: () => ({
        ok: false,
        error: { code: 'not_found', message: "no dataset with id 'tau'" },
      }),
    });
    renderWithApi(<SegmentationCard datasetId="tau" />, transport);
    await screen.findByText(/5 of 14/);
    fireEvent.click(screen.getByRole('button', { name: 'Use default' }));
    await screen.findByText(/no dataset with id 'tau'/);
    expect(screen.getByText('The segmentation was not saved')).toBeTruthy();
    expect(transport.calls).toContainEqual({
      method: 'setDatasetSegmentation',
      input: { dataset_id: 'tau', segmentation: null },
    });
  });
});
