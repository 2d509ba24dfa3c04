// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyNamed } from './lazy-named';
import { DialogLoadBoundary } from './DialogLoadBoundary';

afterEach(cleanup);

function Opened() {
  return <p>the dialog</p>;
}

describe('DialogLoadBoundary', () => {
  it('shows the dialog once its code has loaded', async () => {
    const Dialog = lazyNamed(async () => ({ Opened }), 'Opened');
    render(
      <DialogLoadBoundary what="the test dialog" onClose={() => undefined}>
        <Dialog />
      </DialogLoadBoundary>,
    );
    expect(await screen.findByText('the dialog')).toBeTruthy();
  });

  it('says the code did not load, in place of the dialog, and closes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazyNamed<object, 'Opened'>(
      () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
      'Opened',
    );
    const onClose = vi.fn();
    render(
      <div>
        <p>the page</p>
        <DialogLoadBoundary what="the test dialog" onClose={onClose}>
          <Broken />
        </DialogLoadBoundary>
      </div>,
    );
    const alert = await screen.findByTestId('dialog-load-error');
    expect(alert.textContent).toContain(
      'Could not open the test dialog: Failed to fetch dynamically imported module',
    );
    expect(screen.getByText('the page')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
