// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiOutput } from '../../../shared/api';
import type { Turn } from '../../../shared/model';
import { fakeTransport, ok, type FakeHandlers } from '../../test/fake-transport';
import { renderWithApi } from '../../test/render';
import { ITEM_HEIGHT, ScrollBox, withScrollLayout } from '../../test/scroll-box';
import { Transcript } from './Transcript';
import { TurnList } from '../../transcript/TurnList';
import { SCROLL_MARGIN } from '../../transcript/useTurnVirtualizer';

afterEach(cleanup);

const ID = 'ds:run/1';

function turn(turn_index: number, partial: Partial<Turn> = {}): Turn {
  const content = partial.content ?? `turn ${turn_index} text`;
  return {
    turn_index,
    role: turn_index % 2 === 0 ? 'assistant' : 'tool',
    content,
    content_length: content.length,
    content_truncated: false,
    reasoning: null,
    tool_calls: [],
    tool_call_id: null,
    is_action: turn_index % 2 === 0,
    n_tokens: null,
    has_logprobs: false,
    has_details: false,
    error: null,
    ...partial,
  };
}

const credit: ApiOutput<'getTrajectoryCredit'> = {
  segments: [
    {
      segment_index: 0,
      turn_start: 0,
      turn_end: 0,
      role_label: 'regression',
      label_source: 'heuristic:triage-v1',
      outcome_advantage: null,
      role_bonus: null,
      progress_advantage: null,
      total: -0.25,
      sign_flipped: null,
    },
  ],
  score: null,
  params: null,
};

function handlers(extra: FakeHandlers = {}): FakeHandlers {
  return {
    getFailureSignals: () =>
      ok({
        signals: [
          { turn_index: 1, kind: 'tool_error', detail: 'Error: boom' },
          { turn_index: 3, kind: 'test_failure', detail: '1 failed, 0 passed' },
        ],
      }),
    searchTrajectory: () => ok({ turn_indexes: [2, 4], truncated: false }),
    ...extra,
  };
}

const turns = [0, 1, 2, 3, 4].map((i) =>
  turn(i, i === 2 || i === 4 ? { content: `found the Needle in turn ${i}` } : {}),
);

describe('Transcript', () => {
  it('marks segments with their role label and credit', () => {
    const markers = new Map(credit.segments.map((segment) => [segment.turn_start, segment]));
    renderWithApi(
      <Transcript trajectoryId={ID} turns={turns} markers={markers} />,
      fakeTransport(handlers()),
    );
    const marker = screen.getByTestId('segment-marker');
    expect(marker.textContent).toContain('Step 0');
    expect(marker.nextElementSibling?.id).toBe('turn-0');
    expect(screen.getByTestId('segment-label').textContent).toBe('Regression · heuristic');
    expect(screen.getByTestId('segment-credit').textContent).toBe('credit -0.250');
  });

  it('searches, counts matches, moves with Enter and marks the matched text', async () => {
    const transport = fakeTransport(handlers());
    renderWithApi(<Transcript trajectoryId={ID} turns={turns} />, transport);
    const box = screen.getByTestId('trajectory-search');
    fireEvent.change(box, { target: { value: 'needle' } });
    await waitFor(() => expect(screen.getByTestId('search-status').textContent).toBe('1 of 2'));
    expect(transport.calls.find((c) => c.method === 'searchTrajectory')?.input).toEqual({
      trajectory_id: ID,
      query: 'needle',
    });
    const active = () => document.querySelector('.tw-turn.tw-active')?.id;
    await waitFor(() => expect(active()).toBe('turn-2'));
    expect([...document.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'Needle',
      'Needle',
    ]);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByTestId('search-status').textContent).toBe('2 of 2');
    expect(active()).toBe('turn-4');
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(screen.getByTestId('search-status').textContent).toBe('1 of 2');
  });

  it('steps through failure signals with the button and the n key', async () => {
    renderWithApi(<Transcript trajectoryId={ID} turns={turns} />, fakeTransport(handlers()));
    const next = await screen.findByRole('button', { name: /next failure signal \(2\)/i });
    fireEvent.click(next);
    expect(screen.getByTestId('failure-status').textContent).toBe(
      '1/2 · turn 1 · Tool error: Error: boom',
    );
    fireEvent.keyDown(window, { key: 'n' });
    expect(screen.getByTestId('failure-status').textContent).toContain('turn 3 · Failing tests');
    // Typing in the search box is not a jump.
    fireEvent.keyDown(screen.getByTestId('trajectory-search'), { key: 'n' });
    expect(screen.getByTestId('failure-status').textContent).toContain('turn 3');
  });

  it('shows heat strips of a turn with log-probs on demand, with hover values', async () => {
    const transport = fakeTransport(
      handlers({
        getTurnLogprobs: () =>
          ok({
            token_ids: [7, 8],
            logp_policy: [-0.5, null],
            logp_ref: [-1, -2],
            tokens: null,
            dataset_id: 'ds',
            tokenizer_path: null,
            tokenizer_error: null,
          }),
      }),
    );
    renderWithApi(
      <Transcript trajectoryId={ID} turns={[turn(0, { has_logprobs: true })]} />,
      transport,
    );
    fireEvent.click(screen.getByTestId('logprobs-toggle'));
    const strip = await screen.findByTestId('strip-policy');
    expect(screen.getByTestId('strip-reference')).toBeTruthy();
    expect(screen.getByTestId('strip-difference')).toBeTruthy();
    expect(strip.dataset.cells).toBe('2');
    expect(transport.calls.find((c) => c.method === 'getTurnLogprobs')?.input).toEqual({
      trajectory_id: ID,
      turn_index: 0,
    });
    // jsdom lays out nothing: the strip is 1px wide, so x=0 is the first token.
    fireEvent.mouseMove(strip, { clientX: 0 });
    expect(screen.getByTestId('strip-readout').textContent).toBe(
      'token 0 · id 7 · policy -0.500 · reference -1.000 · policy − reference 0.500',
    );
  });
});

describe('TurnList virtualization', () => {
  withScrollLayout();
  const many = Array.from({ length: 2000 }, (_, i) => turn(i));

  it('keeps a 2,000-turn trajectory to a few dozen cards and reveals a far turn', async () => {
    renderWithApi(
      <ScrollBox>
        <TurnList trajectoryId={ID} turns={many} />
      </ScrollBox>,
      fakeTransport({}),
    );
    const cards = screen.getAllByTestId('turn');
    expect(cards[0]?.id).toBe('turn-0');
    expect(cards.length).toBeLessThan(40);
    expect(document.getElementById('turn-1500')).toBeNull();
    cleanup();
    renderWithApi(
      <ScrollBox>
        <TurnList trajectoryId={ID} turns={many} revealTurn={1500} />
      </ScrollBox>,
      fakeTransport({}),
    );
    await waitFor(() => expect(document.getElementById('turn-1500')).not.toBeNull());
    expect(screen.getAllByTestId('turn').length).toBeLessThan(40);
    // Scrolled so the turn starts just below the app bar and the sticky search bar: where the
    // stand-in layout puts it is the top spacer plus the cards rendered above it.
    const list = screen.getByTestId('turn-list');
    const top = () => {
      const wrappers = [...list.querySelectorAll('[data-index]')];
      const above = wrappers.findIndex((w) => w.querySelector('#turn-1500') !== null);
      return parseFloat((list.firstElementChild as HTMLElement).style.height) + above * ITEM_HEIGHT;
    };
    await waitFor(() => expect(list.parentElement?.scrollTop).toBe(top() - SCROLL_MARGIN));
  });
});
