// @vitest-environment jsdom
// The error badge renders the recorded error as text: kind, exit code, message as tooltip.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TurnErrorBadge } from './TurnErrorBadge';

afterEach(cleanup);

describe('TurnErrorBadge', () => {
  it('shows the kind and exit code, the message as text in the tooltip', () => {
    render(
      <TurnErrorBadge error={{ kind: 'exit_code', message: '<b>denied</b>', exit_code: 126 }} />,
    );
    const badge = screen.getByTestId('turn-error');
    expect(badge.textContent).toBe('exit_code 126');
    expect(badge.getAttribute('title')).toBe('<b>denied</b>');
    expect(badge.querySelector('b')).toBeNull();
  });

  it('shows only the kind when there is no exit code', () => {
    render(<TurnErrorBadge error={{ kind: 'timeout', message: null, exit_code: null }} />);
    expect(screen.getByTestId('turn-error').textContent).toBe('timeout');
  });
});
