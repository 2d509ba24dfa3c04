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

  it('accepts hand-typed unencoded ids and malformed escapes', () => {
    expect(parseRoute('#/trajectory/a/b:c')).toEqual({ name: 'trajectory', id: 'a/b:c' });
    expect(parseRoute('#/group/100%')).toEqual({ name: 'group', id: '100%' });
  });

  it('reports unknown pages', () => {
    expect(parseRoute('#/nope')).toEqual({ name: 'not-found', path: 'nope' });
    expect(parseRoute('#/trajectory/')).toEqual({ name: 'not-found', path: 'trajectory/' });
  });
});
