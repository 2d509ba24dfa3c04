import { describe, expect, it } from 'vitest';
import { hrefFor, parseRoute, trajectoryHref } from './routes';

describe('parseRoute', () => {
  it('maps the root and the static pages', () => {
    expect(parseRoute('')).toEqual({ name: 'datasets' });
    expect(parseRoute('#/')).toEqual({ name: 'datasets' });
    expect(parseRoute('#/datasets')).toEqual({ name: 'datasets' });
    expect(parseRoute('#/trajectories/')).toEqual({ name: 'trajectories' });
    expect(parseRoute('#/review')).toEqual({ name: 'review' });
    expect(parseRoute('#/sql')).toEqual({ name: 'sql' });
    expect(parseRoute('#/export')).toEqual({ name: 'export' });
  });

  it('decodes ids that contain ":" and "/"', () => {
    const id = 'swe-gym:django/django#1234 run:7';
    expect(trajectoryHref(id)).toBe('#/trajectory/swe-gym%3Adjango%2Fdjango%231234%20run%3A7');
    expect(parseRoute(trajectoryHref(id))).toEqual({ name: 'trajectory', id });
    expect(parseRoute(hrefFor({ name: 'dataset', id: 'a/b' }))).toEqual({
      name: 'dataset',
      id: 'a/b',
    });
    expect(parseRoute(hrefFor({ name: 'group', id: 'g:1' }))).toEqual({ name: 'group', id: 'g:1' });
  });

  it('parses and builds the ?turn=N deep link of a trajectory', () => {
    const id = 'demo:repair-000-s0';
    const href = hrefFor({ name: 'trajectory', id, turn: 7 });
    expect(href).toBe('#/trajectory/demo%3Arepair-000-s0?turn=7');
    expect(parseRoute(href)).toEqual({ name: 'trajectory', id, turn: 7 });
    expect(parseRoute('#/trajectory/a?turn=0')).toEqual({ name: 'trajectory', id: 'a', turn: 0 });
    // Not a turn number: ignored, the trajectory still opens.
    expect(parseRoute('#/trajectory/a?turn=x')).toEqual({ name: 'trajectory', id: 'a' });
    expect(parseRoute('#/trajectory/a?turn=-1')).toEqual({ name: 'trajectory', id: 'a' });
    expect(parseRoute('#/trajectory/a?turn=3x')).toEqual({ name: 'trajectory', id: 'a' });
    expect(trajectoryHref(id)).toBe('#/trajectory/demo%3Arepair-000-s0');
  });

  it('accepts hand-typed unencoded ids and malformed escapes', () => {
    expect(parseRoute('#/trajectory/a/b:c')).toEqual({ name: 'trajectory', id: 'a/b:c' });
    expect(parseRoute('#/group/100%')).toEqual({ name: 'group', id: '100%' });
  });

  it('reports unknown pages', () => {
    expect(parseRoute('#/nope')).toEqual({ name: 'not-found', path: 'nope' });
    expect(parseRoute('#/trajectory/')).toEqual({ name: 'not-found', path: 'trajectory/' });
  });
});

describe('charts route', () => {
  it('parses the charts page with and without a filter, and round-trips its link', () => {
    expect(parseRoute('#/charts')).toEqual({ name: 'charts' });
    expect(hrefFor({ name: 'charts' })).toBe('#/charts');
    expect(hrefFor({ name: 'charts', filter: {} })).toBe('#/charts');
    const filter = {
      outcome: 'failure' as const,
      task_ids: ['a,b', null],
      ranges: { n_turns: { min: 3, max: 9 } },
    };
    const href = hrefFor({ name: 'charts', filter });
    expect(href).toBe('#/charts?tasks=a%2Cb,~&outcome=failure&n_turns=3..9');
    expect(parseRoute(href)).toEqual({ name: 'charts', filter });
  });
});

describe('explorer route', () => {
  it('carries the explorer filter in the link', () => {
    const filter = {
      outcome: 'failure' as const,
      task_ids: ['t/1'],
      ranges: { regression: { min: 1 } },
    };
    const href = hrefFor({ name: 'trajectories', filter });
    expect(href).toBe('#/trajectories?tasks=t%2F1&outcome=failure&regression=1..');
    expect(parseRoute(href)).toEqual({ name: 'trajectories', filter });
    expect(hrefFor({ name: 'trajectories', filter: {} })).toBe('#/trajectories');
  });
});

describe('export route', () => {
  it('carries the selection filter', () => {
    const filter = { outcome: 'success' as const, task_ids: ['a'] };
    expect(hrefFor({ name: 'export', filter })).toBe('#/export?tasks=a&outcome=success');
    expect(parseRoute('#/export?tasks=a&outcome=success')).toEqual({ name: 'export', filter });
    expect(parseRoute('#/export')).toEqual({ name: 'export' });
  });
});
