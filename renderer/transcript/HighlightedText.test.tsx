// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HighlightedText, splitMatches } from './HighlightedText';

afterEach(cleanup);

describe('splitMatches', () => {
  it('cuts the text around every case-insensitive match', () => {
    expect(splitMatches('a Needle and a needle', 'NEEDLE')).toEqual([
      { text: 'a ', match: false },
      { text: 'Needle', match: true },
      { text: ' and a ', match: false },
      { text: 'needle', match: true },
    ]);
    expect(splitMatches('abc', '')).toEqual([{ text: 'abc', match: false }]);
    expect(splitMatches('', 'x')).toEqual([{ text: '', match: false }]);
  });

  it('marks a text that is all match, and renders markup in the text as text', () => {
    const { container } = render(<HighlightedText text="run_tests" query="RUN_TESTS" />);
    expect(container.querySelector('mark')?.textContent).toBe('run_tests');
    cleanup();
    const hostile = render(<HighlightedText text="<b>x</b> x" query="x" />);
    expect(hostile.container.querySelector('b')).toBeNull();
    expect(hostile.container.querySelectorAll('mark')).toHaveLength(2);
    expect(hostile.container.textContent).toBe('<b>x</b> x');
  });
});
