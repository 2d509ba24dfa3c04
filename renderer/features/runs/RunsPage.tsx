// `#/runs`: the workspace's runs as lineages (base run -> export -> checkpoint run -> ...), each
// run with its numbers, the curation answer against its parent and the keep / roll back
// decisions; runs outside any lineage below.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useApi } from '../../api/useApi';
import { AppLink } from '../../components/AppLink';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { compareHref } from '../../routing/routes';
import { LineageRunCard } from './LineageRunCard';
import { LineageTree } from './LineageTree';
import { buildLineage } from './run-lineage';
import { useDecideRun } from './useDecideRun';

const SUBTITLE =
  'Each dataset is a run of a model or checkpoint. A run trained on an export made from another ' +
  'run follows it; set "Trained from" on a dataset page to link them.';

export function RunsPage() {
  const runs = useApi('listRuns', {});
  const decision = useDecideRun();
  const lineage = useMemo(
    () => (runs.data === undefined ? null : buildLineage(runs.data.runs, runs.data.exports)),
    [runs.data],
  );
  const best = runs.data?.runs.find((run) => run.dataset_id === runs.data?.best);
  const header = (
    <PageHeader
      title="Runs"
      subtitle={SUBTITLE}
      actions={
        best?.parent != null ? (
          <AppLink href={compareHref([best.parent, best.dataset_id])}>
            Compare the best run with its parent
          </AppLink>
        ) : undefined
      }
    />
  );
  if (runs.error !== undefined) {
    return (
      <>
        {header}
        <ErrorAlert error={runs.error} title="Could not list the runs" onRetry={runs.reload} />
      </>
    );
  }
  if (lineage === null) {
    return (
      <>
        {header}
        <Skeleton variant="rounded" height={320} />
      </>
    );
  }
  if (lineage.trees.length === 0 && lineage.standalone.length === 0) {
    return (
      <>
        {header}
        <EmptyState title="No runs yet">
          Import a dataset of rollouts (Datasets page); every dataset is a run.
        </EmptyState>
      </>
    );
  }
  return (
    <>
      {header}
      {decision.error !== null && (
        <Box sx={{ mb: 2 }}>
          <ErrorAlert error={decision.error} title="The decision was not recorded" />
        </Box>
      )}
      {best === undefined && (
        <Alert severity="info" sx={{ mb: 2 }}>
          No run is kept as the best yet: &quot;Keep as best&quot; marks the one to build on.
        </Alert>
      )}
      {lineage.trees.length > 0 && (
        <Box
          data-testid="runs-chain"
          sx={{ display: 'flex', gap: 4, alignItems: 'flex-start', overflowX: 'auto', pb: 2 }}
        >
          {lineage.trees.map((tree) => (
            <LineageTree key={tree.run.dataset_id} node={tree} decision={decision} root />
          ))}
        </Box>
      )}
      {lineage.standalone.length > 0 && (
        <Box sx={{ mt: 3 }} data-testid="runs-standalone">
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            Runs without lineage
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            {lineage.standalone.map((run) => (
              <LineageRunCard key={run.dataset_id} run={run} decision={decision} />
            ))}
          </Box>
        </Box>
      )}
    </>
  );
}
