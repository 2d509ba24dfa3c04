// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TurnDetails } from '../../shared/api-trajectory';
import type { Turn } from '../../shared/model';
import { fakeTransport, ok } from '../test/fake-transport';
import { renderWithApi } from '../test/render';
import { TurnCard } from './TurnCard';
import { makeTurn } from '../test/turn';

afterEach(cleanup);

const ID = 'ds:run/1';

const TURN: Turn = makeTurn({
  turn_index: 3,
  role: 'assistant',
  content: 'answer',
  has_details: true,
});

const DETAILS: TurnDetails = {
  model: 'gpt-4o-mini',
  input_tokens: 1124,
  output_tokens: 23,
  cached_tokens: 512,
  reasoning_tokens: null,
  latency_ms: 1101,
  sampling: { temperature: 0.7, top_p: 1 },
  stop_reason: 'tool_calls',
  cost_usd: 0.0021,
  retries: 2,
  scores: [{ scorer: 'includes', value: 'C', explanation: 'found <b>it</b>' }],
  sandbox_events: [{ action: 'exec', target: 'ls -la', result: '0' }],
  sandbox_events_total: 3,
  images: ['data:image/png;base64,iVBORw0KGgo=', 'https://example.com/tracker.png'],
  other: '{\n  "source": "generate"\n}',
};

describe('TurnDetailsPanel', () => {
  it('has no toggle on a turn without details', () => {
    renderWithApi(
      <TurnCard trajectoryId={ID} turn={{ ...TURN, has_details: false }} />,
      fakeTransport({}),
    );
    expect(screen.queryByTestId('turn-details-toggle')).toBeNull();
  });

  it('fetches one turn on opening and shows the facts, verdicts, events and images', async () => {
    const transport = fakeTransport({ getTurnDetails: () => ok(DETAILS) });
    renderWithApi(<TurnCard trajectoryId={ID} turn={TURN} />, transport);
    expect(transport.calls.some((c) => c.method === 'getTurnDetails')).toBe(false);
    fireEvent.click(screen.getByTestId('turn-details-toggle'));
    await screen.findByTestId('turn-details');
    expect(transport.calls.find((c) => c.method === 'getTurnDetails')?.input).toEqual({
      trajectory_id: ID,
      turn_index: 3,
    });
    const text = (id: string) => screen.getByTestId(id).textContent;
    expect(text('turn-detail-model')).toBe('Modelgpt-4o-mini');
    expect(text('turn-detail-tokens')).toBe('Tokens1,124 in / 23 out (512 cached)');
    expect(text('turn-detail-latency')).toBe('Latency1.10 s');
    expect(text('turn-detail-sampling')).toBe('Samplingtemperature 0.7 · top_p 1');
    expect(text('turn-detail-stop')).toBe('Stop reasontool_calls');
    expect(text('turn-detail-cost')).toBe('Cost$0.00210');
    expect(text('turn-detail-retries')).toBe('Retries2');
    // The explanation is text: markup in it stays literal.
    expect(text('turn-detail-score')).toBe('Score (includes)C — found <b>it</b>');
    expect(text('turn-details-sandbox')).toBe('exec ls -la → 0… 2 more');
    const images = screen.getAllByTestId('turn-details-image');
    expect(images.map((img) => img.getAttribute('src'))).toEqual([
      'data:image/png;base64,iVBORw0KGgo=',
    ]);
    expect(text('turn-details-other')).toContain('"source": "generate"');
  });
});
