// The labeling keyboard: j/k move between segments, 1-4 set a role, r goes to the rationale box.
// Keys typed into inputs (or menus and selects, which type ahead), with modifiers, or already
// handled elsewhere are left alone.
import { useLayoutEffect, useRef } from 'react';
import type { RoleLabel } from '../../../shared/model';
import { roleForKey } from './role-labels';
import { isTypingTarget } from '../../hooks/is-typing-target';

export interface LabelingKeyHandlers {
  move: (delta: 1 | -1) => void;
  setRole: (role: RoleLabel) => void;
  editRationale: () => void;
}

export function useLabelingKeys(handlers: LabelingKeyHandlers): void {
  // The listener is attached once; it always calls the latest handlers. Layout effects run with
  // the commit itself, so no key pressed right after a render reaches stale handlers.
  const current = useRef(handlers);
  useLayoutEffect(() => {
    current.current = handlers;
  });
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      const role = roleForKey(event.key);
      if (event.key === 'j') current.current.move(1);
      else if (event.key === 'k') current.current.move(-1);
      else if (event.key === 'r') current.current.editRationale();
      else if (role !== null) current.current.setRole(role);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
