// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiOutput } from '../../../shared/api';
import type { Turn } from '../../../shared/model';
import { fakeTransport, ok } from '../../test/fake-transport';
import { renderWithApi } from '../../test/render';
import { TrajectoryPage } from './TrajectoryPage';
import { makeTurn } from '../../test/turn';

afterEach(cleanup);

const ID = 'ds:run/1';
const HOSTILE = '<img src=x onerror=alert(1)>';

function turn(partial: Partial<Turn> & Pick<Turn, 'turn_index' | 'role'>): Turn {
  return makeTurn(partial);
}

const detail: ApiOutput<'getTrajectory'> = {
  segmentation: 'action',
  trajectory: {
    trajectory_id: ID,
    dataset_id: 'ds',
    task_id: 'task-1',
    group_id: 'g/1',
    sample_index: 0,
    model: 'policy-7b',
    reward: 0.5,
    success: false,
    n_turns: 4,
    n_actions: 1,
    source_ref: 'runs.jsonl:1',
    metadata: '{"seed":1}',
  },
  turns: [
    turn({ turn_index: 0, role: 'user', content: HOSTILE }),
    turn({
      turn_index: 1,
      role: 'assistant',
      is_action: true,
      reasoning: 'think first',
      tool_calls: [
        { id: 'c1', name: 'search', arguments: '{"q":"<b>x</b>","k":2}' },
        { id: 'c2', name: 'broken', arguments: '{not json' },
      ],
    }),
    turn({
      turn_index: 2,
      role: 'tool',
      tool_call_id: 'c1',
      content: 'abc',
      content_length: 7,
      content_truncated: true,
    }),
    turn({ turn_index: 3, role: 'environment', content: 'done', has_logprobs: true }),
  ],
};

describe('TrajectoryPage', () => {
  it('renders every turn as text, never as HTML', async () => {
    const transport = fakeTransport({ getTrajectory: () => ok(detail) });
    const { container } = renderWithApi(<TrajectoryPage id={ID} />, transport);

    const turns = await screen.findAllByTestId('turn');
    expect(turns.map((t) => t.dataset.role)).toEqual(['user', 'assistant', 'tool', 'environment']);
    const contents = screen.getAllByTestId('turn-content');
    expect(contents[0]?.textContent).toBe(HOSTILE);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(transport.calls[0]).toEqual({ method: 'getTrajectory', input: { trajectory_id: ID } });
  });

  it('shows tool-call arguments per field, raw on request, and falls back to the raw text', async () => {
    renderWithApi(<TrajectoryPage id={ID} />, fakeTransport({ getTrajectory: () => ok(detail) }));
    const calls = await screen.findAllByTestId('tool-call');
    expect(calls).toHaveLength(2);
    expect(calls[0]?.textContent).toContain('search');
    const args = Array.from(calls[0]?.querySelectorAll('[data-testid="tool-arg"]') ?? []);
    expect(args.map((a) => a.textContent)).toEqual(['q: <b>x</b>', 'k: 2']);
    fireEvent.click(within(calls[0] as HTMLElement).getByTestId('tool-call-raw'));
    expect(calls[0]?.querySelector('pre')?.textContent).toBe('{"q":"<b>x</b>","k":2}');
    expect(calls[1]?.querySelector('pre')?.textContent).toBe('{not json');
  });

  it('pages in the full content of a truncated turn', async () => {
    const transport = fakeTransport({
      getTrajectory: () => ok(detail),
      getTurnText: (input) => ok({ text: 'abcdefg', offset: input.offset ?? 0, total_length: 7 }),
    });
    renderWithApi(<TrajectoryPage id={ID} />, transport);
    fireEvent.click(await screen.findByRole('button', { name: /show full content \(7 chars\)/i }));
    const toolTurn = screen.getAllByTestId('turn').find((t) => t.dataset.role === 'tool');
    await waitFor(() =>
      expect(toolTurn?.querySelector('[data-testid="turn-content"]')?.textContent).toBe('abcdefg'),
    );
    expect(transport.calls.at(-1)).toEqual({
      method: 'getTurnText',
      input: { trajectory_id: ID, turn_index: 2, offset: 0, length: 200_000 },
    });
  });

  it("labels, marks and credits by the dataset's segmentation", async () => {
    const transport = fakeTransport({
      getTrajectory: () => ok({ ...detail, segmentation: 'turn' }),
    });
    renderWithApi(<TrajectoryPage id={ID} />, transport);
    await screen.findAllByTestId('turn');
    await waitFor(() => {
      const methods = new Set(transport.calls.map((c) => c.method));
      for (const method of ['getSegments', 'getTrajectoryCredit', 'previewCredit']) {
        expect(methods).toContain(method);
      }
    });
    const segmented = transport.calls.filter(
      (c) => typeof c.input === 'object' && c.input !== null && 'segmentation' in c.input,
    );
    expect(segmented.length).toBeGreaterThanOrEqual(3);
    for (const { input } of segmented) expect(input).toMatchObject({ segmentation: 'turn' });
  });

  it('reloads the segment markers when the labeling panel saves a label', async () => {
    let label: string | null = null;
    const segment = { segment_index: 0, turn_start: 1, turn_end: 1, action: 'search(q)' };
    const transport = fakeTransport({
      getTrajectory: () => ok(detail),
      getSegments: () =>
        ok({
          trajectory_id: ID,
          segmentation: 'action',
          segments: [{ ...segment, label: null }],
          events: [],
        }),
      getTrajectoryCredit: () =>
        ok({
          segments: [
            {
              ...segment,
              role_label: label,
              label_source: label === null ? null : 'human:local',
              outcome_advantage: null,
              role_bonus: null,
              progress_advantage: null,
              total: null,
              sign_flipped: null,
            },
          ],
          score: null,
          params: null,
        }),
      setLabel: (input) => {
        label = input.role_label;
        return ok({
          label_id: 'l1',
          trajectory_id: ID,
          segment_index: 0,
          segmentation: 'action',
          role_label: input.role_label,
          source: 'human:local',
          rationale: null,
          confidence: null,
          created_at: '2026-01-01T00:00:00Z',
        });
      },
    });
    Element.prototype.scrollIntoView = () => undefined;
    renderWithApi(<TrajectoryPage id={ID} />, transport);
    const marker = await screen.findByTestId('segment-marker');
    expect(marker.textContent).toContain('unlabeled');
    await screen.findAllByTestId('segment-row');
    fireEvent.keyDown(window, { key: 'j' });
    fireEvent.keyDown(window, { key: '4' });
    await waitFor(() =>
      expect(screen.getByTestId('segment-label').textContent).toBe('Regression · human'),
    );
  });

  it('shows a Result error with its code', async () => {
    const transport = fakeTransport({
      getTrajectory: () => ({ ok: false, error: { code: 'io', message: 'server unreachable' } }),
    });
    renderWithApi(<TrajectoryPage id={ID} />, transport);
    const alert = await screen.findByTestId('error-alert');
    expect(alert.textContent).toContain('(io)');
    expect(alert.textContent).toContain('server unreachable');
  });
});
