// The transcript's keys: n / Shift+n jump to the next / previous failure signal, '/' focuses the
// in-trajectory search. Like the labeling keys (j, k, r, 1-4, which these do not reuse), they are
// ignored while typing in a field, with modifiers, or when already handled.
import { useLayoutEffect, useRef } from 'react';
import { isTypingTarget } from '../../hooks/is-typing-target';

export interface TranscriptKeyHandlers {
  nextFailure: (delta: 1 | -1) => void;
  focusSearch: () => void;
}

export function useTranscriptKeys(handlers: TranscriptKeyHandlers): void {
  const current = useRef(handlers);
  useLayoutEffect(() => {
    current.current = handlers;
  });
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      if (event.key === 'n') current.current.nextFailure(1);
      else if (event.key === 'N') current.current.nextFailure(-1);
      else if (event.key === '/') current.current.focusSearch();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
