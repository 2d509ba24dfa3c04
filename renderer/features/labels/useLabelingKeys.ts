// The labeling keyboard: j/k move between segments, 1-4 set a role, r goes to the rationale box.
// Keys typed into inputs (or menus and selects, which type ahead), with modifiers, or already
// handled elsewhere are left alone.
import type { RoleLabel } from '../../../shared/model';
import { roleForKey } from '../../components/role-labels';
import { usePageKeys } from '../../hooks/usePageKeys';

export interface LabelingKeyHandlers {
  move: (delta: 1 | -1) => void;
  setRole: (role: RoleLabel) => void;
  editRationale: () => void;
}

export function useLabelingKeys(handlers: LabelingKeyHandlers): void {
  usePageKeys((event) => {
    const role = roleForKey(event.key);
    if (event.key === 'j') handlers.move(1);
    else if (event.key === 'k') handlers.move(-1);
    else if (event.key === 'r') handlers.editRationale();
    else if (role !== null) handlers.setRole(role);
    else return false;
    return true;
  });
}
