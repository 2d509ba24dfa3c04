// Which rollouts take part in the comparison: the explorer's own controls (id search, turn
// text, outcome, turn errors) writing the same filter fields, and the filter in force as chips.
import Paper from '@mui/material/Paper';
import Box from '@mui/material/Box';
import type { TrajectoryFilter } from '../../../shared/trajectory-filter';
import type { CompareFilter } from '../../routing/routes';
import { ActiveFilterChips } from '../../components/filters/ActiveFilterChips';
import { BasicFilterFields } from '../../components/filters/BasicFilterFields';

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
        <BasicFilterFields filter={filter} onChange={onChange} testIdPrefix="compare" />
      </Box>
      <ActiveFilterChips filter={filter} onChange={(next) => onChange(withoutDatasets(next))} />
    </Paper>
  );
}
