// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { navigate, replaceRoute } from './routes';
import { useHashRoute } from './useHashRoute';

afterEach(() => {
  cleanup();
  window.location.hash = '';
});

function Shown() {
  const route = useHashRoute();
  return <p data-testid="route">{route.name}</p>;
}

describe('useHashRoute', () => {
  it('follows the app navigating at once, before the hashchange event', () => {
    render(<Shown />);
    expect(screen.getByTestId('route').textContent).toBe('datasets');
    act(() => navigate('#/runs'));
    expect(screen.getByTestId('route').textContent).toBe('runs');
    act(() => replaceRoute('#/sql'));
    expect(screen.getByTestId('route').textContent).toBe('sql');
  });

  it('follows a hash changed from outside (back, forward, a typed URL)', async () => {
    render(<Shown />);
    window.location.hash = '#/review';
    expect(await screen.findByText('review')).toBeTruthy();
  });
});
