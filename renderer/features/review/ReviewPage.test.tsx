// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiInput, ApiOutput } from '../../../shared/api';
import type { ReviewQueueItem } from '../../../shared/api-review';
import type { Turn } from '../../../shared/model';
import { ANNOTATOR_STORAGE_KEY } from '../../hooks/useAnnotator';
import { fakeTransport, ok } from '../../test/fake-transport';
import { renderWithApi } from '../../test/render';
import { withScrollLayout } from '../../test/scroll-box';
import { ReviewPage } from './ReviewPage';
import { QUEUE_ROW_HEIGHT } from './ReviewQueueRow';
import { REVIEW_PAGE } from './useReviewQueue';

// The grids are virtualized: give them a layout to show their rows in.
withScrollLayout();

afterEach(cleanup);
beforeEach(() => window.localStorage.setItem(ANNOTATOR_STORAGE_KEY, 'ana'));

function item(n: number, partial: Partial<ReviewQueueItem> = {}): ReviewQueueItem {
  return {
    item_id: `item-${n}`,
    rule: 'regression_in_success',
    trajectory_id: `demo:t-${n}`,
    segment_index: 1,
    segmentation: 'action',
    proposed: 'regression',
    reason: `judge says regression (0.9${n}) in a successful trajectory`,
    evidence: {
      labels: {
        judge: { label: 'regression', source: 'judge:v1@m', confidence: 0.91 },
        heuristic: { label: 'useful_exploration', source: 'heuristic:triage/1', confidence: null },
        human: null,
        in_force: { label: 'regression', source: 'judge:v1@m', confidence: 0.91 },
      },
      success: true,
      reward: 1,
      credit: { total: -0.25, sign_flipped: false, outcome_advantage: 0.5, role_bonus: -0.75 },
      failure_step: 3,
      turn_start: 3,
      turn_end: 4,
    },
    status: 'pending',
    decided_label: null,
    note: null,
    decided_by: null,
    decided_at: null,
    created_at: '2026-12-01T00:00:00.000Z',
    ...partial,
  };
}

function turn(turn_index: number): Turn {
  const content = `turn text ${turn_index}`;
  return {
    turn_index,
    role: turn_index % 2 === 0 ? 'user' : 'assistant',
    content,
    content_length: content.length,
    content_truncated: false,
    reasoning: null,
    tool_calls: [],
    tool_call_id: null,
    is_action: turn_index % 2 === 1,
    n_tokens: null,
    has_logprobs: false,
    has_details: false,
    error: null,
  };
}

/** A queue kept in memory: decisions and undos change it as the engine would. */
function setup(items: ReviewQueueItem[], fill: ReviewQueueItem[] = []) {
  let queue = items.map((i) => ({ ...i }));
  const before = new Map<string, ReviewQueueItem[]>();
  const put = (next: ReviewQueueItem) => {
    before.set(next.item_id, [
      ...(before.get(next.item_id) ?? []),
      queue.find((i) => i.item_id === next.item_id) as ReviewQueueItem,
    ]);
    queue = queue.map((i) => (i.item_id === next.item_id ? next : i));
    return ok(next);
  };
  const count = (key: 'status' | 'rule') =>
    queue.reduce<Record<string, number>>(
      (acc, i) => ({ ...acc, [i[key]]: (acc[i[key]] ?? 0) + 1 }),
      {},
    );
  const transport = fakeTransport({
    listReviewQueue: (input: ApiInput<'listReviewQueue'>) => {
      const matching = queue.filter(
        (i) =>
          (input.status === undefined || i.status === input.status) &&
          (input.rule === undefined || i.rule === input.rule),
      );
      const offset = input.offset ?? 0;
      return ok({
        items: matching.slice(offset, offset + (input.limit ?? 100)),
        total: matching.length,
        by_status: count('status'),
        by_rule: count('rule'),
      });
    },
    decideReviewItem: (input) => {
      const current = queue.find((i) => i.item_id === input.item_id) as ReviewQueueItem;
      const status = { approve: 'approved', reject: 'rejected', relabel: 'relabeled' } as const;
      return put({
        ...current,
        status: status[input.decision],
        decided_label: input.decision === 'approve' ? current.proposed : (input.label ?? null),
        note: input.note ?? null,
        decided_by: input.by ?? 'local',
        decided_at: '2026-12-02T10:00:00.000Z',
      });
    },
    undoReviewDecision: (input) => {
      const history = before.get(input.item_id) ?? [];
      const previous = history.pop() as ReviewQueueItem;
      queue = queue.map((i) => (i.item_id === input.item_id ? previous : i));
      return ok(previous);
    },
    listReviewEvents: () => ok({ events: [] }),
    getReviewRuleStats: () =>
      ok({
        rules: [...new Set(queue.map((i) => i.rule))].map((rule) => {
          const of = (status: string) =>
            queue.filter((i) => i.rule === rule && i.status === status).length;
          const [approved, relabeled, rejected] = [of('approved'), of('relabeled'), of('rejected')];
          const decided = approved + relabeled + rejected;
          return {
            rule,
            queued: decided + of('pending'),
            pending: of('pending'),
            decided,
            approved,
            relabeled,
            rejected,
            precision: decided === 0 ? null : (approved + relabeled) / decided,
          };
        }),
      }),
    getTrajectory: (input): ReturnType<typeof ok<ApiOutput<'getTrajectory'>>> =>
      ok({
        segmentation: 'action',
        trajectory: {
          trajectory_id: input.trajectory_id,
          dataset_id: 'demo',
          task_id: 'task',
          group_id: null,
          sample_index: null,
          model: null,
          reward: 1,
          success: true,
          n_turns: 10,
          n_actions: 5,
          source_ref: 'demo.jsonl:1',
          metadata: null,
        },
        // As the engine does: only the range asked for.
        turns: Array.from({ length: 10 }, (_, i) => turn(i)).filter(
          (t) =>
            input.turns === undefined ||
            (t.turn_index >= input.turns.from && t.turn_index <= input.turns.to),
        ),
      }),
    startReviewQueue: () => {
      queue = [...queue, ...fill];
      return ok({
        job_id: 'job-1',
        kind: 'review',
        status: 'succeeded',
        progress: { done: 1, total: 1, unit: 'rules', message: 'done' },
        started_at: '2026-12-02T10:00:00.000Z',
        finished_at: '2026-12-02T10:00:01.000Z',
        result: { added: fill.length, by_rule: {}, segmentation: 'action', dataset_id: null },
        error: null,
      });
    },
  });
  renderWithApi(<ReviewPage />, transport);
  const sent = <M extends 'decideReviewItem' | 'undoReviewDecision'>(method: M) =>
    transport.calls.filter((c) => c.method === method).map((c) => c.input as ApiInput<M>);
  return { transport, sent };
}

const shownItem = () => screen.getByTestId('review-item').getAttribute('data-item-id');
const press = (key: string) => fireEvent.keyDown(document.body, { key });

describe('ReviewPage', () => {
  it('shows why the item is there, its evidence and its segment in context', async () => {
    const { transport } = setup([item(1), item(2)]);
    expect((await screen.findByTestId('review-reason')).textContent).toContain(
      'judge says regression (0.91) in a successful trajectory',
    );
    expect(screen.getByTestId('review-proposed').getAttribute('data-role-label')).toBe(
      'regression',
    );
    expect(screen.getByTestId('evidence-judge').getAttribute('data-role-label')).toBe('regression');
    expect(screen.getByTestId('review-evidence').textContent).toContain('conf. 0.91');
    expect(screen.getByTestId('evidence-credit').textContent).toContain('total -0.250');
    expect(screen.getByTestId('evidence-failure-step').textContent).toContain('turn 3');
    // Turns 3-4 with two turns either side, and no more.
    const turns = await screen.findAllByTestId('review-context-turn');
    expect(turns.map((t) => t.getAttribute('data-turn'))).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(
      turns.filter((t) => t.getAttribute('data-in-segment') === 'true').map((t) => t.dataset.turn),
    ).toEqual(['3', '4']);
    // Only the shown turns were asked for, not the whole trajectory.
    const asked = transport.calls.filter((c) => c.method === 'getTrajectory').map((c) => c.input);
    expect(asked).toEqual([{ trajectory_id: 'demo:t-1', turns: { from: 1, to: 6 } }]);
    expect(screen.getByTestId('review-open-trajectory').getAttribute('href')).toBe(
      '#/trajectory/demo%3At-1?turn=3',
    );
    expect(screen.getByTestId('review-progress').textContent).toContain('0 of 2 decided');
  });

  it('approves with a as the annotator and moves on to the next pending item', async () => {
    const { sent } = setup([item(1), item(2), item(3)]);
    await screen.findByTestId('review-item');
    expect(shownItem()).toBe('item-1');
    press('a');
    expect(shownItem()).toBe('item-2');
    await waitFor(() => expect(sent('decideReviewItem')).toHaveLength(1));
    expect(sent('decideReviewItem')[0]).toEqual({
      item_id: 'item-1',
      decision: 'approve',
      by: 'ana',
    });
    await waitFor(() =>
      expect(screen.getByTestId('review-progress').textContent).toContain('1 of 3 decided'),
    );
    // "pending" lists only pending items: the decided one leaves the list...
    const rows = () => screen.getAllByTestId('review-queue-row').map((r) => r.dataset.itemId);
    await waitFor(() => expect(rows()).toEqual(['item-2', 'item-3']));
    expect(shownItem()).toBe('item-2');
    // ...and is listed, approved, under "all".
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: /^all/ }));
    await waitFor(() => expect(rows()).toEqual(['item-1', 'item-2', 'item-3']));
    const row = screen
      .getAllByTestId('review-queue-row')
      .find((r) => r.dataset.itemId === 'item-1') as HTMLElement;
    expect(row.getAttribute('data-status')).toBe('approved');
  });

  it("shows each rule's precision so far, updated by each decision", async () => {
    setup([item(1), item(2), item(3), item(4, { rule: 'sign_flip' })]);
    const row = async (rule: string) =>
      (await screen.findAllByTestId('review-rule-precision')).find(
        (r) => r.dataset.rule === rule,
      ) as HTMLElement;
    await waitFor(async () => expect((await row('sign_flip')).textContent).toContain('0 / 1'));
    expect((await row('regression_in_success')).dataset.precision).toBe('');
    press('a');
    await waitFor(async () =>
      expect((await row('regression_in_success')).textContent).toBe(
        'Regression in a success1 / 3100.0% (1/1)',
      ),
    );
    press('r');
    await waitFor(async () =>
      expect((await row('regression_in_success')).dataset.precision).toBe('0.5'),
    );
    expect((await row('regression_in_success')).textContent).toContain('50.0% (1/2)');
  });

  it('relabels with 3 as no-progress infrastructure, then undoes it with u', async () => {
    const { sent } = setup([item(1), item(2)]);
    await screen.findByTestId('review-item');
    press('3');
    await waitFor(() => expect(sent('decideReviewItem')).toHaveLength(1));
    expect(sent('decideReviewItem')[0]).toMatchObject({
      item_id: 'item-1',
      decision: 'relabel',
      label: 'no_progress_infrastructure',
    });
    expect(shownItem()).toBe('item-2');
    press('u');
    await waitFor(() => expect(sent('undoReviewDecision')).toHaveLength(1));
    expect(sent('undoReviewDecision')[0]).toEqual({ item_id: 'item-1', by: 'ana' });
    // Back on the undone item, pending again.
    await waitFor(() => expect(shownItem()).toBe('item-1'));
    expect(screen.getByTestId('review-item').getAttribute('data-status')).toBe('pending');
    expect(screen.getByTestId('review-progress').textContent).toContain('0 of 2 decided');
  });

  it('takes a note with n (Enter keeps it) and ignores keys typed into it', async () => {
    const { sent } = setup([item(1), item(2)]);
    await screen.findByTestId('review-item');
    press('n');
    const input = await screen.findByTestId('review-note-input');
    await waitFor(() => expect(document.activeElement).toBe(input));
    // Typing "a" and "r" into the note decides nothing.
    fireEvent.keyDown(input, { key: 'a' });
    fireEvent.keyDown(input, { key: 'r' });
    fireEvent.change(input, { target: { value: 'a tool error, not a regression' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(sent('decideReviewItem')).toHaveLength(0);
    expect(document.activeElement).not.toBe(input);
    press('r');
    await waitFor(() => expect(sent('decideReviewItem')).toHaveLength(1));
    expect(sent('decideReviewItem')[0]).toEqual({
      item_id: 'item-1',
      decision: 'reject',
      note: 'a tool error, not a regression',
      by: 'ana',
    });
    expect(screen.queryByTestId('review-note-input')).toBeNull();
  });

  it('moves with j/k and arrows, and lists every key on ?', async () => {
    setup([item(1), item(2), item(3)]);
    await screen.findByTestId('review-item');
    press('j');
    press('ArrowDown');
    expect(shownItem()).toBe('item-3');
    press('k');
    expect(shownItem()).toBe('item-2');
    press('o');
    expect(window.location.hash).toBe('#/trajectory/demo%3At-2?turn=3');
    press('?');
    const sheet = await screen.findByTestId('review-shortcut-sheet');
    const keys = within(sheet)
      .getAllByRole('row')
      .map((row) => row.querySelector('td')?.textContent);
    expect(keys).toEqual(['a', 'r', '1', '2', '3', '4', 'n', 'u', 'j / ↓', 'k / ↑', 'o', '?']);
    // Keys do not decide behind the open sheet.
    press('a');
    expect(shownItem()).toBe('item-2');
  });

  it('says when nothing is proposed, and filters by rule', async () => {
    const { transport, sent } = setup([
      item(1, { rule: 'manual', proposed: null, segment_index: null, evidence: {} }),
      item(2, { rule: 'sign_flip' }),
    ]);
    await screen.findByTestId('review-item');
    press('a');
    expect((await screen.findByTestId('review-message')).textContent).toContain(
      'Nothing is proposed',
    );
    expect(sent('decideReviewItem')).toHaveLength(0);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rule' }));
    fireEvent.click(await screen.findByRole('option', { name: /Credit sign flip \(1\)/ }));
    await waitFor(() => expect(shownItem()).toBe('item-2'));
    expect(screen.getAllByTestId('review-queue-row')).toHaveLength(1);
    expect(
      transport.calls.filter((c) => c.method === 'listReviewQueue').at(-1)?.input,
    ).toMatchObject({ status: 'pending', rule: 'sign_flip' });
  });

  it('loads the next page after the loaded items still pending, dropping decided ones', async () => {
    const many = Array.from({ length: REVIEW_PAGE + 20 }, (_, n) => item(n));
    const { transport, sent } = setup(many);
    await screen.findByTestId('review-item');
    press('a');
    await waitFor(() => expect(sent('decideReviewItem')).toHaveLength(1));
    // The decided item left the list; scrolled to the end of the first page, the list asks for
    // the next one.
    const list = screen.getByTestId('review-queue');
    await waitFor(() => expect(list.dataset.count).toBe(String(REVIEW_PAGE - 1)));
    list.scrollTop = (REVIEW_PAGE - 1) * QUEUE_ROW_HEIGHT;
    fireEvent.scroll(list);
    // Every pending item once: the decided one is gone, and none is skipped or repeated.
    await waitFor(() => expect(list.dataset.count).toBe(String(REVIEW_PAGE + 19)));
    const pages = transport.calls
      .filter((c) => c.method === 'listReviewQueue')
      .map((c) => (c.input as ApiInput<'listReviewQueue'>).offset)
      .filter((offset) => offset !== undefined && offset > 0);
    // The server no longer lists the decided item under "pending": one fewer to skip.
    expect(pages).toEqual([REVIEW_PAGE - 1]);
  });

  it('fills an empty queue with its rules on request, with the thresholds asked', async () => {
    const { transport } = setup([], [item(7), item(8)]);
    expect(await screen.findByText('Nothing here to review')).toBeTruthy();
    fireEvent.click(screen.getByTestId('review-fill-queue'));
    const drop = await screen.findByTestId('fill-queue-min-drop');
    expect((drop as HTMLInputElement).value).toBe('0.2');
    const run = screen.getByTestId('fill-queue-run');
    fireEvent.change(drop, { target: { value: '-1' } });
    expect(run.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('A number from 0 up')).toBeTruthy();
    fireEvent.change(drop, { target: { value: '0.35' } });
    fireEvent.click(run);
    expect(transport.calls.find((c) => c.method === 'startReviewQueue')?.input).toEqual({
      min_progress_drop: 0.35,
      min_confidence: 0.6,
    });
    expect((await screen.findByTestId('review-message')).textContent).toContain(
      'The queue rules added 2 new items.',
    );
    await waitFor(() => expect(shownItem()).toBe('item-7'));
    expect(screen.getByTestId('review-progress').textContent).toContain('0 of 2 decided');
  });
});
