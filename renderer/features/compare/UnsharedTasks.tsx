// The tasks only one of the two runs has (with a known outcome): they enter no statistic, so they
// are listed apart, each opening its rollouts in the explorer.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { RunInfo } from '../../../shared/api-runs';
import { formatCount } from '../../components/format';
import { explorerHref } from '../../routing/routes';

/** Enough to recognise a pattern; the explorer link of the run lists every one. */
const SHOWN = 60;

function TaskChips({ run, tasks }: { run: RunInfo; tasks: readonly string[] }) {
  return (
    <Box sx={{ minWidth: 0 }} data-testid={`compare-only-in-${run.dataset_id}`}>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary', mb: 0.5 }}>
        {`Only in ${run.name}: ${formatCount(tasks.length)} task${tasks.length === 1 ? '' : 's'}`}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {tasks.slice(0, SHOWN).map((task) => (
          <Chip
            key={task}
            label={task}
            size="small"
            variant="outlined"
            component="a"
            clickable
            href={explorerHref({ dataset_ids: [run.dataset_id], task_ids: [task] })}
          />
        ))}
        {tasks.length > SHOWN && (
          <Typography variant="caption" sx={{ alignSelf: 'center' }}>
            {`and ${formatCount(tasks.length - SHOWN)} more`}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

export function UnsharedTasks({
  a,
  b,
  onlyIn,
}: {
  a: RunInfo;
  b: RunInfo;
  onlyIn: Record<string, string[]>;
}) {
  const inA = onlyIn[a.dataset_id] ?? [];
  const inB = onlyIn[b.dataset_id] ?? [];
  if (inA.length + inB.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        Tasks only one run has (not compared)
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))',
          gap: 2,
        }}
      >
        {inA.length > 0 && <TaskChips run={a} tasks={inA} />}
        {inB.length > 0 && <TaskChips run={b} tasks={inB} />}
      </Box>
    </Paper>
  );
}
