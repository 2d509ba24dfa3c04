// Which rollouts take part in the comparison: the explorer's own controls (id search, turn
// text, outcome, turn errors) writing the same filter fields, and the filter in force as chips.
import Paper from '@mui/material/Paper';
import Box from '@mui/material/Box';
import ManageSearch from '@mui/icons-material/ManageSearch';
import type { TrajectoryFilter } from '../../../shared/trajectory-filter';
import type { CompareFilter } from '../../routing/routes';
import { ActiveFilterChips } from '../trajectories/ActiveFilterChips';
import { CommitSearchField } from '../trajectories/CommitSearchField';
import { OutcomeToggle } from '../trajectories/OutcomeToggle';
import { TurnErrorSelect } from '../trajectories/TurnErrorSelect';

type Props = {
  filter: CompareFilter;
  /** Typed text replaces the current history entry; clicks add one. */
  onChange: (filter: CompareFilter, options?: { replace?: boolean }) => void;
};

/** The chips work on the explorer's filter; the compare page never has datasets in its own. */
function withoutDatasets(filter: TrajectoryFilter): CompareFilter {
  const { dataset_id: _one, dataset_ids: _many, ...rest } = filter;
  return rest;
}

export function CompareFilterBar({ filter, onChange }: Props) {
  return (
    <Paper variant="outlined" data-testid="compare-filter">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5, flexWrap: 'wrap' }}>
        <CommitSearchField
          value={filter.search ?? ''}
          onCommit={(search) =>
            onChange({ ...filter, search: search === '' ? undefined : search }, { replace: true })
          }
          placeholder="Task, trajectory or group id"
          label="Search task, trajectory or group ids"
          testId="compare-search"
          width={240}
        />
        <CommitSearchField
          value={filter.text ?? ''}
          onCommit={(text) =>
            onChange({ ...filter, text: text === '' ? undefined : text }, { replace: true })
          }
          placeholder="Text in any turn"
          label="Search the text of every turn"
          testId="compare-text-search"
          delayMs={500}
          width={220}
          icon={<ManageSearch fontSize="small" />}
        />
        <OutcomeToggle
          value={filter.outcome ?? 'any'}
          onChange={(outcome) => onChange({ ...filter, outcome })}
        />
        <TurnErrorSelect
          value={filter.turn_error}
          onChange={(turnError) => onChange({ ...filter, turn_error: turnError })}
        />
      </Box>
      <ActiveFilterChips filter={filter} onChange={(next) => onChange(withoutDatasets(next))} />
    </Paper>
  );
}
