// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageErrorBoundary } from './PageErrorBoundary';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const state = { broken: true };

function Flaky() {
  if (state.broken) throw new Error('<b>boom</b>');
  return <p>page content</p>;
}

describe('PageErrorBoundary', () => {
  it('shows the error as text and renders the page again on Try again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    state.broken = true;
    render(
      <PageErrorBoundary resetKey="a">
        <Flaky />
      </PageErrorBoundary>,
    );
    const alert = screen.getByTestId('page-error');
    expect(alert.textContent).toContain('This page failed to show.');
    expect(alert.textContent).toContain('<b>boom</b>');
    expect(alert.querySelector('b')).toBeNull();
    state.broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('page content')).toBeTruthy();
    expect(screen.queryByTestId('page-error')).toBeNull();
  });

  it('clears the error when the route changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    state.broken = true;
    const { rerender } = render(
      <PageErrorBoundary resetKey="a">
        <Flaky />
      </PageErrorBoundary>,
    );
    expect(screen.getByTestId('page-error')).toBeTruthy();
    state.broken = false;
    rerender(
      <PageErrorBoundary resetKey="b">
        <Flaky />
      </PageErrorBoundary>,
    );
    expect(screen.getByText('page content')).toBeTruthy();
  });
});
