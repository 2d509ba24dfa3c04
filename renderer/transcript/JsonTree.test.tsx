// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { JsonTree } from './JsonTree';

afterEach(cleanup);

describe('JsonTree', () => {
  it('shows keys and values as text, markup included, and never as elements', () => {
    const value = { html: '<img src=x onerror=alert(1)>', n: 3, nested: { ok: true } };
    const { container } = render(<JsonTree value={value} />);
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(container.textContent).toContain('ok');
    expect(container.querySelector('img')).toBeNull();
  });

  it('starts long lists closed and opens them on click', () => {
    const value = { items: Array.from({ length: 50 }, (_, i) => `item-${i}`) };
    const { container, getByText } = render(<JsonTree value={value} />);
    expect(container.textContent).not.toContain('item-49');
    fireEvent.click(getByText('items:'));
    expect(container.textContent).toContain('item-49');
  });
});
