// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ANNOTATOR_STORAGE_KEY, useAnnotator } from './useAnnotator';

describe('useAnnotator', () => {
  beforeEach(() => window.localStorage.clear());

  it('starts as "local", keeps a valid name and shares it between hooks', () => {
    const first = renderHook(() => useAnnotator());
    const second = renderHook(() => useAnnotator());
    expect(first.result.current[0]).toBe('local');
    act(() => {
      expect(first.result.current[1]('ana')).toBe(true);
    });
    expect(second.result.current[0]).toBe('ana');
    expect(window.localStorage.getItem(ANNOTATOR_STORAGE_KEY)).toBe('ana');
  });

  it('refuses a name the API would refuse', () => {
    const hook = renderHook(() => useAnnotator());
    act(() => {
      expect(hook.result.current[1]('two words')).toBe(false);
    });
    expect(hook.result.current[0]).toBe('local');
  });
});
