// The last queries run, newest first, kept in localStorage so they outlive the session.
import { useCallback, useState } from 'react';

export type HistoryEntry = { sql: string; at: number; ok: boolean };

export const HISTORY_LIMIT = 50;
const KEY = 'turnwise:sql-history';

function load(): HistoryEntry[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (entry): entry is HistoryEntry =>
          typeof entry === 'object' &&
          entry !== null &&
          typeof (entry as HistoryEntry).sql === 'string' &&
          typeof (entry as HistoryEntry).at === 'number',
      )
      .slice(0, HISTORY_LIMIT);
  } catch {
    return []; // unreadable history is dropped rather than breaking the console
  }
}

export function useSqlHistory() {
  const [entries, setEntries] = useState<HistoryEntry[]>(load);
  const save = useCallback((next: HistoryEntry[]) => {
    setEntries(next);
    try {
      window.localStorage.setItem(KEY, JSON.stringify(next));
    } catch {
      // storage full or disabled: the history still works for this page
    }
  }, []);
  /** Records a run; running the same text again moves it to the top instead of repeating it. */
  const add = useCallback(
    (sql: string, ok: boolean) => {
      const text = sql.trim();
      const rest = load().filter((entry) => entry.sql.trim() !== text);
      save([{ sql, at: Date.now(), ok: ok === true }, ...rest].slice(0, HISTORY_LIMIT));
    },
    [save],
  );
  const clear = useCallback(() => save([]), [save]);
  return { entries, add, clear };
}
