// useState that survives leaving and re-entering a page in this tab (sessionStorage), so going
// back from a trajectory returns to the same table page, sort and filter.
import { useCallback, useState } from 'react';

/** The value stored for `key` in this tab, or `initial` (also for code that runs before React). */
export function readPersistentState<T>(key: string, initial: T): T {
  try {
    const raw = window.sessionStorage.getItem(`turnwise.state.${key}`);
    if (raw === null) return initial;
    const parsed: unknown = JSON.parse(raw);
    // Only trust stored values of the same shape as the initial one (keys may outlive versions).
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof initial === 'object' &&
      initial !== null
    ) {
      return { ...initial, ...parsed };
    }
    return typeof parsed === typeof initial ? (parsed as T) : initial;
  } catch {
    return initial;
  }
}

export function usePersistentState<T>(
  key: string,
  initial: T,
): [T, (update: (previous: T) => T) => void] {
  const [value, setValue] = useState<T>(() => readPersistentState(key, initial));
  const update = useCallback(
    (fn: (previous: T) => T) => {
      setValue((previous) => {
        const next = fn(previous);
        try {
          window.sessionStorage.setItem(`turnwise.state.${key}`, JSON.stringify(next));
        } catch {
          // storage full or disabled: state simply is not remembered
        }
        return next;
      });
    },
    [key],
  );
  return [value, update];
}
