// The annotator name this app labels and reviews as (docs/judge.md: set once in the app). Kept in
// localStorage, so it survives restarts; every human label and review decision carries it
// (source human:<name>). Shared by all hooks through a storage event, so a change shows at once.
import { useCallback, useSyncExternalStore } from 'react';
import { AnnotatorSchema } from '../../shared/api-labels';

export const ANNOTATOR_STORAGE_KEY = 'turnwise.annotator';
export const DEFAULT_ANNOTATOR = 'local';
/** Whether the API accepts a name as an annotator (shared/api-labels.ts AnnotatorSchema). */
export function isAnnotatorName(name: string): boolean {
  return AnnotatorSchema.safeParse(name).success;
}

const CHANGED = 'turnwise-annotator-changed';

function read(): string {
  try {
    const value = window.localStorage.getItem(ANNOTATOR_STORAGE_KEY);
    return value !== null && isAnnotatorName(value) ? value : DEFAULT_ANNOTATOR;
  } catch {
    return DEFAULT_ANNOTATOR;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The current annotator name and a setter (names that break the pattern are refused). */
export function useAnnotator(): [string, (name: string) => boolean] {
  const name = useSyncExternalStore(subscribe, read, () => DEFAULT_ANNOTATOR);
  const setName = useCallback((next: string) => {
    if (!isAnnotatorName(next)) return false;
    try {
      window.localStorage.setItem(ANNOTATOR_STORAGE_KEY, next);
    } catch {
      return false;
    }
    window.dispatchEvent(new Event(CHANGED));
    return true;
  }, []);
  return [name, setName];
}
