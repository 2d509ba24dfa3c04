// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { takeToken } from './token';

afterEach(() => {
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('takeToken', () => {
  it('takes the token from the URL, keeps it for the tab and removes it from the address bar', () => {
    window.history.replaceState(null, '', '/?token=abc123&x=1#/sql');
    expect(takeToken()).toBe('abc123');
    expect(window.location.search).toBe('?x=1');
    expect(window.location.hash).toBe('#/sql');
    expect(window.sessionStorage.getItem('turnwise.token')).toBe('abc123');
    // After a reload the URL has no token any more; the tab's storage still does.
    expect(takeToken()).toBe('abc123');
  });
});
