// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RunErrorAlert } from './RunErrorAlert';

afterEach(cleanup);

describe('RunErrorAlert', () => {
  it('says a run failed before any turn, with its error as text', () => {
    const metadata = JSON.stringify({ error: '<b>EOF</b> when reading a line', traceback: 'x' });
    const { container } = render(<RunErrorAlert metadata={metadata} turns={0} />);
    expect(screen.getByTestId('run-error').textContent).toBe(
      'The run failed before any turn: <b>EOF</b> when reading a line',
    );
    expect(container.querySelector('b')).toBeNull();
  });

  it('names the error of a run with turns, and shows nothing without one', () => {
    render(<RunErrorAlert metadata='{"error":{"message":"sandbox died"}}' turns={12} />);
    expect(screen.getByTestId('run-error').textContent).toBe(
      'The run recorded an error: sandbox died',
    );
    cleanup();
    render(<RunErrorAlert metadata='{"error":null,"seed":1}' turns={3} />);
    expect(screen.queryByTestId('run-error')).toBeNull();
  });
});
