import { describe, expect, it } from 'vitest';
import { compareHref, decodeCompareQuery, hrefFor, parseRoute, trajectoryHref } from './routes';

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

describe('runs and compare routes', () => {
  it('parses the runs page and the bare compare page', () => {
    expect(parseRoute('#/runs')).toEqual({ name: 'runs' });
    expect(hrefFor({ name: 'runs' })).toBe('#/runs');
    expect(parseRoute('#/compare')).toEqual({ name: 'compare' });
    expect(parseRoute('#/compare?')).toEqual({ name: 'compare' });
    expect(hrefFor({ name: 'compare' })).toBe('#/compare');
  });

  it('carries the runs, the scope and the filter, and round-trips them', () => {
    const runs = ['base:run/1', 'ckpt,2', 'third'];
    const filter = { outcome: 'failure' as const, search: 'django', turn_error: 'any' as const };
    const href = compareHref(runs, { scope: 'trained', filter });
    expect(href).toBe(
      '#/compare?runs=base%3Arun%2F1,ckpt%2C2,third&scope=trained&outcome=failure&q=django&error=any',
    );
    expect(parseRoute(href)).toEqual({ name: 'compare', runs, scope: 'trained', filter });
    expect(compareHref(['a', 'b'])).toBe('#/compare?runs=a,b');
    expect(parseRoute('#/compare?runs=a,b')).toEqual({ name: 'compare', runs: ['a', 'b'] });
  });

  it('leaves out the default scope and the datasets of a filter', () => {
    expect(compareHref(['a', 'b'], { scope: 'all', filter: { outcome: 'any' } })).toBe(
      '#/compare?runs=a,b',
    );
    expect(
      hrefFor({
        name: 'compare',
        runs: ['a', 'b'],
        filter: { dataset_id: 'x', dataset_ids: ['y'], task_ids: ['t'] } as never,
      }),
    ).toBe('#/compare?runs=a,b&tasks=t');
    expect(decodeCompareQuery('runs=a,b&datasets=x&dataset=y&tasks=t')).toEqual({
      runs: ['a', 'b'],
      filter: { task_ids: ['t'] },
    });
  });

  it('ignores malformed parts: an unknown scope, empty and repeated ids, bad escapes', () => {
    expect(decodeCompareQuery('runs=a,,a,b%ZZ&scope=nope&outcome=bogus&error=any')).toEqual({
      runs: ['a', 'b%ZZ'],
      filter: { turn_error: 'any' },
    });
    expect(decodeCompareQuery('runs=&scope=held_out')).toEqual({ scope: 'held_out' });
    expect(decodeCompareQuery('scope=all')).toEqual({});
  });
});
