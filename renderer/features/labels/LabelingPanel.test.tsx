// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiInput, ApiOutput } from '../../../shared/api';
import type { LabelEvent } from '../../../shared/api-labels';
import type { Result } from '../../../shared/result';
import { fakeTransport, ok } from '../../test/fake-transport';
import { ANNOTATOR_STORAGE_KEY } from '../../hooks/useAnnotator';
import { renderWithApi } from '../../test/render';
import { ScrollBox, withScrollLayout } from '../../test/scroll-box';
import { TurnList } from '../../transcript/TurnList';
import { LabelingPanel } from './LabelingPanel';

const ID = 'demo:t-1';

function event(partial: Partial<LabelEvent> & Pick<LabelEvent, 'segment_index'>): LabelEvent {
  return {
    label_id: `l-${partial.segment_index}`,
    trajectory_id: ID,
    segmentation: 'action',
    role_label: 'useful_exploration',
    source: 'heuristic:triage-rules/1',
    rationale: 'new_information: a look-up whose observation is new in this trajectory',
    confidence: null,
    created_at: '2025-01-01T00:00:00.000Z',
    ...partial,
  };
}

const heuristic = event({ segment_index: 0 });
const segments: ApiOutput<'getSegments'> = {
  trajectory_id: ID,
  segmentation: 'action',
  segments: [
    {
      segment_index: 0,
      turn_start: 2,
      turn_end: 2,
      action: 'read_file(path="a.py")',
      label: heuristic,
    },
    { segment_index: 1, turn_start: 4, turn_end: 4, action: 'run_tests()', label: null },
    { segment_index: 2, turn_start: 6, turn_end: 6, action: 'submit(summary="x")', label: null },
  ],
  events: [heuristic],
};

type SetLabel = (input: ApiInput<'setLabel'>) => Promise<Result<ApiOutput<'setLabel'>>>;

function saved(input: ApiInput<'setLabel'>): Result<LabelEvent> {
  return ok(
    event({
      label_id: `saved-${input.segment_index}-${input.role_label}`,
      segment_index: input.segment_index,
      role_label: input.role_label,
      source: 'human:local',
      rationale: input.rationale?.trim() || null,
    }),
  );
}

function setup(setLabel: SetLabel = async (input) => saved(input)) {
  const transport = fakeTransport({ getSegments: () => ok(segments), setLabel });
  renderWithApi(<LabelingPanel trajectoryId={ID} segmentation="action" />, transport);
  return transport;
}

const rows = () => screen.getAllByTestId('segment-row');
const press = (key: string, target: Element | Window = window) =>
  fireEvent.keyDown(target, { key });

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(cleanup);

describe('LabelingPanel', () => {
  it('lists the segments with the label in force and its source', async () => {
    setup();
    await screen.findAllByTestId('segment-row');
    expect(rows().map((r) => r.dataset.source)).toEqual(['heuristic:triage-rules/1', '', '']);
    expect(within(rows()[0] as HTMLElement).getByTestId('label-chip').textContent).toBe(
      'Useful exploration · heuristic',
    );
    expect(rows()[2]?.textContent).toContain('submit(summary="x")');
    expect(screen.getByTestId('labeled-count').textContent).toBe('1/3 labeled');
  });

  it('j/k move the selection and scroll the turns into view; 1-4 save a role at once', async () => {
    let resolve: (value: Result<LabelEvent>) => void = () => undefined;
    const transport = setup(
      (input) =>
        new Promise((done) => {
          resolve = (value) => done(value);
          void input;
        }),
    );
    await screen.findAllByTestId('segment-row');
    press('j');
    expect(rows()[0]?.getAttribute('aria-current')).toBe('step');
    await waitFor(() => expect(Element.prototype.scrollIntoView).toHaveBeenCalled());
    press('j');
    press('k');
    press('j');
    expect(rows()[1]?.getAttribute('aria-current')).toBe('step');
    press('4');
    // Shown before the server answers (optimistic).
    expect(rows()[1]?.dataset.roleLabel).toBe('regression');
    expect(rows()[1]?.dataset.source).toBe('human:local');
    expect(transport.calls.at(-1)).toEqual({
      method: 'setLabel',
      input: {
        trajectory_id: ID,
        segment_index: 1,
        segmentation: 'action',
        role_label: 'regression',
        annotator: 'local',
      },
    });
    await act(async () =>
      resolve(saved({ trajectory_id: ID, segment_index: 1, role_label: 'regression' })),
    );
    expect(screen.getByTestId('label-in-force').textContent).toContain(
      'In force: Regression from human:local',
    );
  });

  it('rolls an unsaved label back and shows the error', async () => {
    setup(async () => ({ ok: false, error: { code: 'io', message: 'disk full' } }));
    await screen.findAllByTestId('segment-row');
    press('j');
    press('1');
    await waitFor(() =>
      expect(screen.getByTestId('error-alert').textContent).toContain('disk full'),
    );
    expect(rows()[0]?.dataset.roleLabel).toBe('useful_exploration');
    expect(rows()[0]?.dataset.source).toBe('heuristic:triage-rules/1');
  });

  it('r focuses the rationale box, keys typed there are text, Enter saves with the current label', async () => {
    const transport = setup();
    await screen.findAllByTestId('segment-row');
    press('j');
    press('r');
    const box = screen.getByTestId('rationale-input');
    await waitFor(() => expect(document.activeElement).toBe(box));
    fireEvent.keyDown(box, { key: 'j' });
    fireEvent.keyDown(box, { key: '4' });
    expect(rows()[0]?.getAttribute('aria-current')).toBe('step');
    expect(transport.calls.filter((c) => c.method === 'setLabel')).toHaveLength(0);
    fireEvent.change(box, { target: { value: 'reads the file under test' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(transport.calls.at(-1)).toEqual({
      method: 'setLabel',
      input: {
        trajectory_id: ID,
        segment_index: 0,
        segmentation: 'action',
        role_label: 'useful_exploration',
        annotator: 'local',
        rationale: 'reads the file under test',
      },
    });
    await waitFor(() => expect(rows()[0]?.dataset.source).toBe('human:local'));
    expect(document.activeElement).not.toBe(box);
  });

  it('asks for a role before saving a rationale of an unlabeled segment', async () => {
    const transport = setup();
    await screen.findAllByTestId('segment-row');
    press('j');
    press('j');
    const box = screen.getByTestId('rationale-input');
    fireEvent.change(box, { target: { value: 'why' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByText('Choose a role first: keys 1–4')).toBeTruthy();
    expect(transport.calls.filter((c) => c.method === 'setLabel')).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Escape' });
    press('3');
    expect(transport.calls.at(-1)?.input).toMatchObject({
      segment_index: 1,
      role_label: 'no_progress_infrastructure',
      rationale: 'why',
    });
  });

  it('leaves keys alone in selects, dialogs and with modifiers', async () => {
    const transport = setup();
    await screen.findAllByTestId('segment-row');
    const select = document.createElement('div');
    select.setAttribute('role', 'combobox');
    document.body.append(select);
    fireEvent.keyDown(select, { key: 'j' });
    press('j', window);
    fireEvent.keyDown(window, { key: '4', ctrlKey: true });
    fireEvent.keyDown(select, { key: '4' });
    select.remove();
    await waitFor(() => expect(rows()[0]?.getAttribute('aria-current')).toBe('step'));
    expect(transport.calls.filter((c) => c.method === 'setLabel')).toHaveLength(0);
  });

  it('the role buttons set labels for mouse users', async () => {
    const transport = setup();
    await screen.findAllByTestId('segment-row');
    fireEvent.click(rows()[2] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: '1 · Decisive progress' }));
    expect(transport.calls.at(-1)?.input).toMatchObject({
      segment_index: 2,
      role_label: 'decisive_progress',
    });
  });

  it('labels under the annotator name set in the app', async () => {
    window.localStorage.setItem(ANNOTATOR_STORAGE_KEY, 'ana');
    try {
      const transport = setup(
        () => new Promise(() => undefined), // never answers: the optimistic label stays
      );
      await screen.findAllByTestId('segment-row');
      press('j');
      press('2');
      expect(rows()[0]?.dataset.source).toBe('human:ana');
      expect(transport.calls.at(-1)?.input).toMatchObject({ annotator: 'ana', segment_index: 0 });
    } finally {
      window.localStorage.removeItem(ANNOTATOR_STORAGE_KEY);
    }
  });
});

describe('the turn list with the labeling panel', () => {
  withScrollLayout();
  it('renders the turn a segment is at, however far down the list it is', async () => {
    const turns = Array.from({ length: 250 }, (_, turn_index) => ({
      turn_index,
      role: 'assistant' as const,
      content: `turn ${turn_index}`,
      content_length: 8,
      content_truncated: false,
      reasoning: null,
      tool_calls: [],
      tool_call_id: null,
      is_action: true,
      n_tokens: null,
      has_logprobs: false,
      has_details: false,
      error: null,
    }));
    renderWithApi(
      <ScrollBox>
        <TurnList trajectoryId={ID} turns={turns} />
      </ScrollBox>,
      fakeTransport({}),
    );
    expect(screen.getAllByTestId('turn').length).toBeLessThan(250);
    expect(document.getElementById('turn-209')).toBeNull();
    cleanup();
    renderWithApi(
      <ScrollBox>
        <TurnList trajectoryId={ID} turns={turns} revealTurn={209} />
      </ScrollBox>,
      fakeTransport({}),
    );
    await waitFor(() => expect(document.getElementById('turn-209')).not.toBeNull());
    expect(screen.getAllByTestId('turn').length).toBeLessThan(250);
  });
});
