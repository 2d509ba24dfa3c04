// The transcript's keys: n / Shift+n jump to the next / previous failure signal, '/' focuses the
// in-trajectory search. Like the labeling keys (j, k, r, 1-4, which these do not reuse), they are
// ignored while typing in a field, with modifiers, or when already handled.
import { usePageKeys } from '../../hooks/usePageKeys';

export interface TranscriptKeyHandlers {
  nextFailure: (delta: 1 | -1) => void;
  focusSearch: () => void;
}

export function useTranscriptKeys(handlers: TranscriptKeyHandlers): void {
  usePageKeys((event) => {
    if (event.key === 'n') handlers.nextFailure(1);
    else if (event.key === 'N') handlers.nextFailure(-1);
    else if (event.key === '/') handlers.focusSearch();
    else return false;
    return true;
  });
}
