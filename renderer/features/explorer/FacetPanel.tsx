// Facet counts beside the explorer: outcome, dataset, task and model under the current filter
// (each facet ignoring its own selection, so alternatives stay visible).
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { OUTCOME_FILTERS, type TrajectoryFilter } from '../../../shared/trajectory-filter';
import { useApi } from '../../api/useApi';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FacetList } from './FacetList';

type Props = {
  filter: TrajectoryFilter;
  onChange: (filter: TrajectoryFilter) => void;
  /** Ask for no counts yet (the explorer's text search is starting). */
  paused?: boolean;
};

function toggled<T>(values: readonly T[] | undefined, value: T): T[] | undefined {
  const list = values ?? [];
  const next = list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  return next.length === 0 ? undefined : next;
}

export function FacetPanel({ filter, onChange, paused = false }: Props) {
  const facets = useApi('getTrajectoryFacets', filter, { keepPrevious: true, enabled: !paused });
  const data = facets.data?.facets;
  return (
    <Paper sx={{ p: 1.5, minWidth: 0 }} data-testid="facet-panel">
      <LinearProgress
        sx={{ height: 2, mb: 1, visibility: facets.loading ? 'visible' : 'hidden' }}
      />
      {facets.error !== undefined && (
        <ErrorAlert error={facets.error} title="Could not count facets" onRetry={facets.reload} />
      )}
      {data !== undefined && (
        <Box>
          <FacetList
            title="outcome"
            entries={data.outcome.entries}
            distinct={data.outcome.distinct}
            selected={
              filter.outcome === undefined || filter.outcome === 'any' ? [] : [filter.outcome]
            }
            onToggle={(value) => {
              const outcome = OUTCOME_FILTERS.find((o) => o === value) ?? 'any';
              onChange({ ...filter, outcome: filter.outcome === outcome ? 'any' : outcome });
            }}
          />
          <FacetList
            title="dataset"
            mono
            entries={data.dataset_id.entries}
            distinct={data.dataset_id.distinct}
            selected={filter.dataset_ids ?? []}
            onToggle={(value) =>
              value !== null &&
              onChange({ ...filter, dataset_ids: toggled(filter.dataset_ids, value) })
            }
          />
          <FacetList
            title="task"
            mono
            entries={data.task_id.entries}
            distinct={data.task_id.distinct}
            selected={filter.task_ids ?? []}
            onToggle={(value) => onChange({ ...filter, task_ids: toggled(filter.task_ids, value) })}
          />
          <FacetList
            title="model"
            entries={data.model.entries}
            distinct={data.model.distinct}
            selected={filter.models ?? []}
            onToggle={(value) => onChange({ ...filter, models: toggled(filter.models, value) })}
          />
        </Box>
      )}
    </Paper>
  );
}
