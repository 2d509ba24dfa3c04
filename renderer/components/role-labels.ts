// The four TRIAGE roles as the labeling UI shows them: the key that sets each, a short name and a
// chip color; and the kind of a label's source.
import type { RoleLabel } from '../../shared/model';

export interface RoleInfo {
  role: RoleLabel;
  key: '1' | '2' | '3' | '4';
  name: string;
  color: 'success' | 'info' | 'default' | 'error';
}

export const ROLE_INFOS: readonly RoleInfo[] = [
  { role: 'decisive_progress', key: '1', name: 'Decisive progress', color: 'success' },
  { role: 'useful_exploration', key: '2', name: 'Useful exploration', color: 'info' },
  {
    role: 'no_progress_infrastructure',
    key: '3',
    name: 'No-progress infrastructure',
    color: 'default',
  },
  { role: 'regression', key: '4', name: 'Regression', color: 'error' },
];

export function roleInfo(role: RoleLabel): RoleInfo {
  return ROLE_INFOS.find((info) => info.role === role) ?? (ROLE_INFOS[2] as RoleInfo);
}

export function roleForKey(key: string): RoleLabel | null {
  return ROLE_INFOS.find((info) => info.key === key)?.role ?? null;
}
