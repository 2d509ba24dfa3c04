// Page-wide keyboard shortcuts: `onKey` sees keys pressed outside text fields and popups, without
// Ctrl/Meta/Alt, and not already handled; returning true marks the key as handled.
import { useLayoutEffect, useRef } from 'react';
import { isTypingTarget } from './is-typing-target';

export function usePageKeys(onKey: (event: KeyboardEvent) => boolean, enabled = true): void {
  // The listener is attached once; it always calls the latest `onKey`. Layout effects run with
  // the commit itself, so no key pressed right after a render reaches a stale handler.
  const current = useRef(onKey);
  useLayoutEffect(() => {
    current.current = onKey;
  });
  useLayoutEffect(() => {
    if (!enabled) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      if (current.current(event)) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
