// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiOutput } from '../../../shared/api';
import type { Turn } from '../../../shared/model';
import { fakeTransport, ok } from '../../test/fake-transport';
import { renderWithApi } from '../../test/render';
import { diffHref, parseRoute } from '../../routing/routes';
import { CompareButton } from './CompareButton';
import { DiffPage } from './DiffPage';
import { listRow } from '../../test/list-row';

afterEach(cleanup);

const HOSTILE = '<img src=x onerror=alert(1)>';

function turn(turn_index: number, role: Turn['role'], content: string): Turn {
  return {
    turn_index,
    role,
    content,
    content_length: content.length,
    content_truncated: false,
    reasoning: null,
    tool_calls: [],
    tool_call_id: null,
    is_action: role === 'assistant',
    n_tokens: null,
    has_logprobs: false,
    has_details: false,
    error: null,
  };
}

function detail(id: string, success: boolean, contents: string[]): ApiOutput<'getTrajectory'> {
  const turns = contents.map((c, i) => turn(i, i === 0 ? 'user' : i % 2 ? 'assistant' : 'tool', c));
  return {
    segmentation: 'action',
    trajectory: {
      trajectory_id: id,
      dataset_id: 'ds',
      task_id: 't1',
      group_id: 'g/1',
      sample_index: success ? 0 : 1,
      model: null,
      reward: success ? 1 : 0,
      success,
      n_turns: turns.length,
      n_actions: turns.filter((t) => t.is_action).length,
      source_ref: 'x.jsonl:1',
      metadata: null,
    },
    turns,
  };
}

const shared = [HOSTILE, 'read a', 'file a', 'read b', 'file b', 'read c', 'file c'];
const good = detail('ds:ok/1', true, [...shared, 'edit right', 'edited', 'submit']);
const bad = detail('ds:bad/2', false, [...shared, 'edit wrong', 'edited', 'submit']);
const transport = () =>
  fakeTransport({
    getTrajectory: (input) =>
      ok(input.trajectory_id === good.trajectory.trajectory_id ? good : bad),
    listTrajectories: () =>
      ok({ total: 2, rows: [listRow(good.trajectory), listRow(bad.trajectory)] }),
  });

describe('diff route', () => {
  it('round-trips two ids that contain ":" and "/"', () => {
    expect(diffHref('a:b/c', 'd e')).toBe('#/diff/a%3Ab%2Fc/d%20e');
    expect(parseRoute(diffHref('a:b/c', 'd e'))).toEqual({ name: 'diff', a: 'a:b/c', b: 'd e' });
    expect(parseRoute('#/diff/only-one')).toEqual({ name: 'not-found', path: 'diff/only-one' });
  });
});

describe('DiffPage', () => {
  it('aligns the two runs, folds the shared prefix and outlines the first divergence', async () => {
    const { container } = renderWithApi(
      <DiffPage a={good.trajectory.trajectory_id} b={bad.trajectory.trajectory_id} />,
      transport(),
    );
    const first = await screen.findByTestId('diff-first-divergence');
    expect(first.dataset.row).toBe('7');
    expect(first.dataset.kind).toBe('changed');
    expect(first.textContent).toContain('edit right');
    expect(first.textContent).toContain('edit wrong');
    expect(screen.getByTestId('diff-summary').textContent).toContain(
      'First divergence: turn 7 in A, turn 7 in B · 9 identical, 1 changed',
    );
    expect(screen.getByTestId('diff-side-A').textContent).toContain('success');
    expect(screen.getByTestId('diff-side-B').textContent).toContain('failure');

    // Rows 0-5 fold (row 6 is context); the identical tail is too short to fold.
    const fold = screen.getByTestId('diff-fold');
    expect(fold.textContent).toBe('▸ 6 identical steps');
    expect(screen.getAllByTestId('diff-row').map((r) => r.dataset.row)).toEqual(['6', '8', '9']);
    fireEvent.click(fold);
    await waitFor(() => expect(screen.getAllByTestId('diff-row')).toHaveLength(9));

    // Trajectory text is text: the hostile first turn renders literally on both sides.
    expect(container.querySelector('img')).toBeNull();
    const row0 = container.querySelector('[data-row="0"]');
    expect(row0?.textContent?.split(HOSTILE)).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Swap sides' }).getAttribute('href')).toBe(
      diffHref(bad.trajectory.trajectory_id, good.trajectory.trajectory_id),
    );
  });

  it('says so when the two trajectories are identical', async () => {
    const id = good.trajectory.trajectory_id;
    renderWithApi(<DiffPage a={id} b={id} />, transport());
    expect((await screen.findByTestId('diff-summary')).textContent).toContain('identical steps');
    expect(screen.queryByTestId('diff-first-divergence')).toBeNull();
    expect(screen.getByTestId('diff-fold').textContent).toBe('▸ 10 identical steps');
  });
});

describe('DiffTable batching', () => {
  it('renders long diffs in batches of rows', async () => {
    const many = (prefix: string) => Array.from({ length: 450 }, (_, i) => `${prefix}${i}`);
    const long = detail('long:a', true, ['same task', ...many('a')]);
    const other = detail('long:b', false, ['same task', ...many('b')]);
    const fake = fakeTransport({
      getTrajectory: (input) => ok(input.trajectory_id === 'long:a' ? long : other),
    });
    renderWithApi(<DiffPage a="long:a" b="long:b" />, fake);
    const more = await screen.findByRole('button', { name: 'Show 200 more rows (251 left)' });
    expect(screen.getAllByTestId('diff-row')).toHaveLength(199);
    fireEvent.click(more);
    await screen.findByRole('button', { name: 'Show 51 more rows (51 left)' });
    expect(screen.getAllByTestId('diff-row')).toHaveLength(399);
  });
});

describe('CompareButton', () => {
  it('lists the other rollouts of the group and links to their diff', async () => {
    const fake = transport();
    renderWithApi(<CompareButton trajectory={good.trajectory} />, fake);
    fireEvent.click(screen.getByRole('button', { name: 'Compare with…' }));
    const item = await screen.findByRole('menuitem', { name: /ds:bad\/2/ });
    expect(screen.queryByRole('menuitem', { name: /ds:ok\/1/ })).toBeNull();
    expect(fake.calls).toContainEqual({
      method: 'listTrajectories',
      input: { group_id: 'g/1', limit: 200 },
    });
    fireEvent.click(item);
    expect(window.location.hash).toBe(diffHref('ds:ok/1', 'ds:bad/2'));
  });
});
