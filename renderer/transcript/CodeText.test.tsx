// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CodeText } from './CodeText';

afterEach(cleanup);

describe('CodeText', () => {
  it('colours fenced code by token and leaves prose and markup as text', () => {
    const text = 'Run:\n```python\nimport os  # <b>x</b>\n```\n<img src=x onerror=alert(1)>';
    const { container, getByTestId } = render(<CodeText text={text} />);
    expect(container.textContent).toBe(text.replace('```python\n', '').replace('```', ''));
    expect(getByTestId('code-block').getAttribute('data-language')).toBe('python');
    expect(container.querySelector('.tw-code-keyword')?.textContent).toBe('import');
    expect(container.querySelector('.tw-code-comment')?.textContent).toBe('# <b>x</b>');
    expect(container.querySelector('img, b')).toBeNull();
  });

  it('colours a whole file view', () => {
    const { container } = render(<CodeText text={'def f():\n    return 1'} whole />);
    expect(container.textContent).toBe('def f():\n    return 1');
    expect([...container.querySelectorAll('.tw-code-keyword')].map((e) => e.textContent)).toEqual([
      'def',
      'return',
    ]);
  });

  it('shows a redaction marker inside a token as the chip naming its rule', () => {
    const text = "curl 'https://api.example.com/v1?access_token=[REDACTED:generic-api-key]&page=2'";
    const { container, getAllByTestId } = render(<CodeText text={text} whole language="bash" />);
    expect(getAllByTestId('redaction-chip').map((chip) => chip.textContent)).toEqual([
      'generic-api-key',
    ]);
    expect(container.textContent).not.toContain('[REDACTED:');
    expect(container.querySelector('.tw-code-string')?.textContent).toContain('&page=2');
  });
});
