// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiOutput } from '../../shared/api';
import { fakeTransport, ok } from '../test/fake-transport';
import { renderWithApi } from '../test/render';
import { LogprobStrips } from './LogprobStrips';

afterEach(cleanup);

type Logprobs = ApiOutput<'getTurnLogprobs'>;

const IDS_ONLY: Logprobs = {
  token_ids: [7, 8, 9],
  logp_policy: [-0.5, -3, null],
  logp_ref: [-1, -2, -2],
  tokens: null,
  dataset_id: 'ds',
  tokenizer_path: null,
  tokenizer_error: null,
};

const WITH_TEXT: Logprobs = {
  ...IDS_ONLY,
  tokens: ['Step', '\n', null],
  tokenizer_path: '/models/tok/tokenizer.json',
};

describe('LogprobStrips token text', () => {
  it('says token ids only without a tokenizer, and sets one for the dataset', async () => {
    let answer = IDS_ONLY;
    const transport = fakeTransport({
      getTurnLogprobs: () => ok(answer),
      setDatasetTokenizer: (input) => {
        answer = WITH_TEXT;
        return ok({ tokenizer_path: input.tokenizer_path });
      },
    });
    renderWithApi(<LogprobStrips trajectoryId="ds:t" turnIndex={2} />, transport);
    expect((await screen.findByTestId('token-ids-only')).textContent).toBe(
      'token ids only — set a tokenizer.json to see text',
    );
    expect(screen.queryByTestId('token-text')).toBeNull();
    fireEvent.change(screen.getByTestId('tokenizer-path'), {
      target: { value: ' /models/tok/tokenizer.json ' },
    });
    fireEvent.click(screen.getByTestId('tokenizer-save'));
    await screen.findByTestId('token-text');
    expect(transport.calls.find((c) => c.method === 'setDatasetTokenizer')?.input).toEqual({
      dataset_id: 'ds',
      tokenizer_path: '/models/tok/tokenizer.json',
    });
    // Text readable without hovering: whitespace shown, an unknown id named.
    const cells = screen.getAllByTestId('token-cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['Step', '↵', '⟨9⟩']);
    expect(cells[0]?.style.backgroundColor).not.toBe('');
    expect(screen.getByTestId('tokenizer-source').textContent).toContain(
      '/models/tok/tokenizer.json',
    );
    // Hovering a cell keeps the detail readout, with the token's text.
    fireEvent.mouseEnter(cells[1] as HTMLElement);
    expect(screen.getByTestId('strip-readout').textContent).toBe(
      'token 1 · "↵" · id 8 · policy -3.000 · reference -2.000 · policy − reference -1.000',
    );
  });

  it('shows why a tokenizer that was set cannot decode', async () => {
    const transport = fakeTransport({
      getTurnLogprobs: () =>
        ok({
          ...IDS_ONLY,
          tokenizer_path: '/gone/tokenizer.json',
          tokenizer_error: "cannot use tokenizer '/gone/tokenizer.json': the file does not exist",
        }),
    });
    renderWithApi(<LogprobStrips trajectoryId="ds:t" turnIndex={2} />, transport);
    await waitFor(() =>
      expect(screen.getByTestId('token-ids-only').textContent).toMatch(/does not exist/),
    );
  });
});
