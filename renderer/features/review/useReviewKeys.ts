// The review keyboard (see review-shortcuts.ts): decide, note, undo, move, open, help. Keys typed
// into fields, dialogs and menus are left alone (usePageKeys).
import type { RoleLabel } from '../../../shared/model';
import { usePageKeys } from '../../hooks/usePageKeys';
import { roleForKey } from '../../components/role-labels';

export interface ReviewKeyHandlers {
  approve: () => void;
  reject: () => void;
  relabel: (role: RoleLabel) => void;
  note: () => void;
  undo: () => void;
  move: (delta: 1 | -1) => void;
  open: () => void;
  help: () => void;
}

export function useReviewKeys(handlers: ReviewKeyHandlers, enabled = true): void {
  usePageKeys((event) => {
    const role = roleForKey(event.key);
    if (role !== null) handlers.relabel(role);
    else if (event.key === 'a') handlers.approve();
    else if (event.key === 'r') handlers.reject();
    else if (event.key === 'n') handlers.note();
    else if (event.key === 'u') handlers.undo();
    else if (event.key === 'j' || event.key === 'ArrowDown') handlers.move(1);
    else if (event.key === 'k' || event.key === 'ArrowUp') handlers.move(-1);
    else if (event.key === 'o') handlers.open();
    else if (event.key === '?') handlers.help();
    else return false;
    return true;
  }, enabled);
}
