import { describe, expect, it } from 'vitest';
import { percentile, summarizeLoad, type LoadSample } from './load-stats';

describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it('takes the nearest rank', () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([10, 20, 30, 40], 50)).toBe(20);
    expect(percentile([10, 20, 30, 40], 51)).toBe(30);
  });

  it('puts a single slow request at p99 only when it is over 1% of the requests', () => {
    const fast = Array.from({ length: 199 }, () => 1);
    expect(percentile([...fast, 500], 99)).toBe(1);
    expect(percentile([...fast.slice(0, 99), 500], 99)).toBe(1);
    expect(percentile([...fast.slice(0, 98), 500, 500], 99)).toBe(500);
  });

  it('handles the edges', () => {
    expect(percentile([], 99)).toBeNaN();
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([3, 4], 0)).toBe(3);
  });
});

describe('summarizeLoad', () => {
  const samples: LoadSample[] = [
    { method: 'listTrajectories', ms: 10 },
    { method: 'getTrajectory', ms: 4 },
    { method: 'listTrajectories', ms: 30 },
    { method: 'getTrajectory', ms: 2, error: 'HTTP 500' },
    { method: 'listTrajectories', ms: 20 },
    { method: 'getTrajectory', ms: 3, error: 'HTTP 500' },
    { method: 'runSql', ms: 100, error: 'not_found: no table' },
    { method: 'runSql', ms: 50 },
  ];
  const summary = summarizeLoad(samples, 2);

  it('counts requests, errors and throughput overall and per method', () => {
    expect(summary.overall).toMatchObject({ requests: 8, errors: 3, throughput: 4, max_ms: 100 });
    expect(summary.methods.listTrajectories).toEqual({
      requests: 3,
      errors: 0,
      throughput: 1.5,
      p50_ms: 20,
      p95_ms: 30,
      p99_ms: 30,
      max_ms: 30,
    });
    expect(summary.methods.getTrajectory).toMatchObject({ requests: 3, errors: 2, p50_ms: 3 });
    expect(Object.keys(summary.methods)).toEqual(['listTrajectories', 'getTrajectory', 'runSql']);
  });

  it('tallies distinct errors by method, most frequent first', () => {
    expect(summary.errors).toEqual([
      { error: 'getTrajectory: HTTP 500', count: 2 },
      { error: 'runSql: not_found: no table', count: 1 },
    ]);
  });

  it('includes failed requests in the latencies', () => {
    expect(summary.methods.runSql).toMatchObject({ p50_ms: 50, max_ms: 100 });
  });

  it('summarizes an empty run without dividing by zero', () => {
    const empty = summarizeLoad([], 0);
    expect(empty.overall.requests).toBe(0);
    expect(empty.overall.throughput).toBeNaN();
    expect(empty.errors).toEqual([]);
  });
});
