// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiKeyBridge, ApiKeyList } from '../../shared/api-keys';
import { fail, ok } from '../../shared/result';
import { ApiKeysControl } from './ApiKeysControl';

afterEach(() => cleanup());

/** The main process's side, kept in memory: it answers with names only, as keys-ipc.ts does. */
function keyBridge(keychain = true) {
  const stored = new Map<string, string>();
  const list = (): ApiKeyList => ({
    keychain,
    keys: [...stored.keys()].sort().map((name) => ({ name, used: 'keychain' })),
  });
  const bridge: ApiKeyBridge = {
    list: () => Promise.resolve(ok(list())),
    store: ({ name, key }) => {
      if (!keychain) return Promise.resolve(fail('unavailable', 'no keychain encryption'));
      stored.set(name, key);
      return Promise.resolve(ok(list()));
    },
    remove: ({ name }) => {
      stored.delete(name);
      return Promise.resolve(ok(list()));
    },
  };
  return { bridge, stored };
}

describe('ApiKeysControl', () => {
  it('is absent in browser mode, where keys come from the environment', () => {
    render(<ApiKeysControl keys={undefined} />);
    expect(screen.queryByTestId('api-keys-control')).toBeNull();
  });

  it('stores a key under a variable name, clears the field and removes it again', async () => {
    const { bridge, stored } = keyBridge();
    render(<ApiKeysControl keys={bridge} />);
    fireEvent.click(screen.getByTestId('api-keys-control'));
    await screen.findByText('No stored keys.');
    const name = screen.getByTestId('api-key-name') as HTMLInputElement;
    const value = screen.getByTestId('api-key-value') as HTMLInputElement;
    expect(value.type).toBe('password');
    fireEvent.change(name, { target: { value: 'judge key' } });
    fireEvent.change(value, { target: { value: 'sk-typed' } });
    expect(screen.getByTestId('api-key-store')).toHaveProperty('disabled', true);
    fireEvent.change(name, { target: { value: 'JUDGE_KEY' } });
    fireEvent.click(screen.getByTestId('api-key-store'));
    await screen.findByText('JUDGE_KEY');
    expect(stored.get('JUDGE_KEY')).toBe('sk-typed');
    expect(value.value).toBe('');
    expect(document.body.textContent).not.toContain('sk-typed');
    fireEvent.click(screen.getByRole('button', { name: 'Remove JUDGE_KEY' }));
    await waitFor(() => expect(screen.queryByText('JUDGE_KEY')).toBeNull());
    expect(stored.size).toBe(0);
  });

  it('says so where the system has no keychain encryption, and stores nothing', async () => {
    const { bridge } = keyBridge(false);
    render(<ApiKeysControl keys={bridge} />);
    fireEvent.click(screen.getByTestId('api-keys-control'));
    await screen.findByText(/no keychain encryption/);
    fireEvent.change(screen.getByTestId('api-key-value'), { target: { value: 'sk-x' } });
    expect(screen.getByTestId('api-key-store')).toHaveProperty('disabled', true);
  });
});
