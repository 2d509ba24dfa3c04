import { describe, expect, it } from 'vitest';
import { lineDiff } from './line-diff';

describe('lineDiff', () => {
  it('keeps shared lines as context, as in the demo edit_file of config/staging.ini', () => {
    expect(lineDiff('[logging]', '[logging]\nlog_level = DEBUG')).toBe(
      ' [logging]\n+log_level = DEBUG',
    );
  });

  it('marks a changed line in the middle as removed and added', () => {
    expect(
      lineDiff(
        'def f(page):\n  return page * size\n',
        'def f(page):\n  return (page - 1) * size\n',
      ),
    ).toBe(' def f(page):\n-  return page * size\n+  return (page - 1) * size\n ');
  });

  it('handles an empty side and falls back past its size cap', () => {
    expect(lineDiff('a\nb', '')).toBe('-a\n-b\n+');
    const big = Array.from({ length: 600 }, (_, i) => `line ${i}`).join('\n');
    const diff = lineDiff(big, `${big}\nmore`).split('\n');
    expect(diff).toHaveLength(1201);
    expect(diff[0]).toBe('-line 0');
  });
});
