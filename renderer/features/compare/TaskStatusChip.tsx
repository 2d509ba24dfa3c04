// A task's status between two runs: fixed (green), broken (red) or unchanged.
import Chip from '@mui/material/Chip';
import type { CompareTask } from '../../../shared/api-compare';

const COLORS = { fixed: 'success', broken: 'error', unchanged: 'default' } as const;

export function TaskStatusChip({ status }: { status: CompareTask['status'] }) {
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={status} />;
}
