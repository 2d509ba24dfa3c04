// Every compared task: its success in A and B, the difference, its status and how its steps
// changed ("A → B"). Sorted by difference, largest gain first, by default; a row click selects.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import type { CompareTask } from '../../../shared/api-compare';
import { DASH, formatPercent, formatReward } from '../../components/format';
import { MONO_FONT } from '../../theme/theme';
import { arrow, formatMean, formatPoints } from '../../components/compare-format';
import { sortTasks, taskDifference, type TaskSort, type TaskSortColumn } from './compare-stats';
import { TaskStatusChip } from './TaskStatusChip';

type Props = {
  tasks: readonly CompareTask[];
  selected: string | null;
  onSelect: (taskId: string) => void;
};

const COLUMNS: { id: TaskSortColumn; label: string; numeric: boolean; title?: string }[] = [
  { id: 'task_id', label: 'Task', numeric: false },
  { id: 'trained', label: 'Trained', numeric: false, title: "In B's training export" },
  { id: 'rate_a', label: 'Success A', numeric: true, title: 'Successes / rollouts in A' },
  { id: 'rate_b', label: 'Success B', numeric: true, title: 'Successes / rollouts in B' },
  { id: 'reward', label: 'Reward A → B', numeric: true },
  { id: 'difference', label: 'Difference', numeric: true, title: 'Success rate B − A' },
  { id: 'status', label: 'Status', numeric: false },
  { id: 'actions', label: 'Actions A → B', numeric: true, title: 'Mean actions per rollout' },
  { id: 'tool_errors', label: 'Tool errors A → B', numeric: true, title: 'Tool-error rate' },
  { id: 'progress', label: 'Progress A → B', numeric: true, title: 'Mean progress score' },
];

const TEXT_COLUMNS: readonly TaskSortColumn[] = ['task_id', 'trained'];
const PAGE_SIZES = [25, 50, 100];

function rate(t: CompareTask['a']): string {
  return `${t.successes}/${t.n}`;
}

export function CompareTaskTable({ tasks, selected, onSelect }: Props) {
  const [sort, setSort] = useState<TaskSort>({ column: 'difference', descending: true });
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const sorted = useMemo(() => sortTasks(tasks, sort), [tasks, sort]);
  const shown = sorted.slice(page * pageSize, (page + 1) * pageSize);
  const sortBy = (column: TaskSortColumn) => {
    setSort((current) => ({
      column,
      descending: current.column === column ? !current.descending : !TEXT_COLUMNS.includes(column),
    }));
    setPage(0);
  };
  return (
    <Paper variant="outlined" data-testid="compare-task-table">
      <Box sx={{ px: 2, pt: 1.5 }}>
        <Typography variant="subtitle2" component="h2">
          Tasks
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          Click a task to see its rollouts in both runs and open a step-aligned diff.
        </Typography>
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table
          size="small"
          aria-label="Compared tasks"
          sx={{ '& td, & th': { px: 1 }, '& td': { whiteSpace: 'nowrap' } }}
        >
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.numeric ? 'right' : 'left'}
                  title={column.title}
                  sortDirection={
                    sort.column === column.id ? (sort.descending ? 'desc' : 'asc') : false
                  }
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  <TableSortLabel
                    active={sort.column === column.id}
                    direction={sort.column === column.id && sort.descending ? 'desc' : 'asc'}
                    onClick={() => sortBy(column.id)}
                  >
                    {column.label}
                  </TableSortLabel>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((task) => (
              <TableRow
                key={task.task_id}
                hover
                selected={task.task_id === selected}
                onClick={() => onSelect(task.task_id)}
                data-testid="compare-task-row"
                sx={{ cursor: 'pointer' }}
              >
                <TableCell sx={{ fontFamily: MONO_FONT, maxWidth: 320, overflowWrap: 'anywhere' }}>
                  {task.task_id}
                </TableCell>
                <TableCell>
                  {task.trained === null ? DASH : task.trained ? 'trained' : 'held out'}
                </TableCell>
                <TableCell align="right">{rate(task.a)}</TableCell>
                <TableCell align="right">{rate(task.b)}</TableCell>
                <TableCell align="right">
                  {arrow(formatReward(task.a.mean_reward), formatReward(task.b.mean_reward))}
                </TableCell>
                <TableCell align="right">{formatPoints(taskDifference(task))}</TableCell>
                <TableCell>
                  <TaskStatusChip status={task.status} />
                </TableCell>
                <TableCell align="right">
                  {arrow(formatMean(task.a.mean_actions), formatMean(task.b.mean_actions))}
                </TableCell>
                <TableCell align="right">
                  {arrow(
                    formatPercent(task.a.tool_error_rate),
                    formatPercent(task.b.tool_error_rate),
                  )}
                </TableCell>
                <TableCell align="right">
                  {arrow(formatMean(task.a.mean_progress), formatMean(task.b.mean_progress))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <TablePagination
        component="div"
        count={sorted.length}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
      />
    </Paper>
  );
}
