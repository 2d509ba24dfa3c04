// `#/compare?runs=a,b[,c]&scope=…&<filter>`: did run B (a checkpoint) do better than run A, on
// which tasks, and how did its steps change. The link is the state: the pickers, the scope and the
// filter rewrite it; with three or more runs an overview lists them all and the pickers choose
// the pair among them.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useEffect } from 'react';
import type { TaskScope } from '../../../shared/api-compare';
import type { RunInfo } from '../../../shared/api-runs';
import { useApi } from '../../api/useApi';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { compareHref, navigate, replaceRoute, type CompareFilter } from '../../routing/routes';
import { CompareFilterBar } from './CompareFilterBar';
import { ComparePickers } from './ComparePickers';
import { completeRuns, unknownRun, withPair } from './compare-selection';
import { CompareView } from './CompareView';
import { RunsOverviewTable } from './RunsOverviewTable';

type Props = { runs: string[]; scope: TaskScope | undefined; filter: CompareFilter };

const SUBTITLE =
  'Two runs on the tasks both ran: which tasks the second run fixed or broke, whether the ' +
  'change is more than chance, and how its steps changed.';

export function ComparePage({ runs, scope, filter }: Props) {
  const list = useApi('listRuns', {});
  const all = list.data?.runs;
  const chosen = all === undefined ? null : completeRuns(runs, all, list.data?.best ?? null);
  const href = chosen === null ? null : compareHref(chosen, { scope, filter });
  // A link without its pair gets the default one written into it, so the URL stays the state.
  const incomplete = runs.length < 2 && href !== null;
  useEffect(() => {
    if (incomplete) replaceRoute(href);
  }, [incomplete, href]);

  const header = <PageHeader title="Compare runs" subtitle={SUBTITLE} />;
  if (list.error !== undefined) {
    return (
      <>
        {header}
        <ErrorAlert error={list.error} title="Could not list the runs" onRetry={list.reload} />
      </>
    );
  }
  if (all === undefined) {
    return (
      <>
        {header}
        <Skeleton variant="rounded" height={320} />
      </>
    );
  }
  if (chosen === null) {
    return (
      <>
        {header}
        <EmptyState title="Two runs are needed">
          A run is a dataset of rollouts of one model or checkpoint. Import a second one (Datasets
          page) to compare them.
        </EmptyState>
      </>
    );
  }
  const [a, b] = chosen as [string, string];
  const byId = new Map<string, RunInfo>(all.map((run) => [run.dataset_id, run]));
  const runB = byId.get(b);
  const scoped = runB?.trained_from != null;
  const go = (next: { runs?: string[]; scope?: TaskScope; filter?: CompareFilter }) =>
    navigate(
      compareHref(next.runs ?? chosen, {
        scope: next.scope ?? scope,
        filter: next.filter ?? filter,
      }),
    );
  const missing = chosen.filter((id) => !byId.has(id));
  return (
    <>
      {header}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <ComparePickers
          runs={chosen.length > 2 ? chosen.map((id) => byId.get(id) ?? unknownRun(id)) : all}
          a={a}
          b={b}
          scope={scoped ? (scope ?? 'all') : 'all'}
          scopeEnabled={scoped}
          onPair={(nextA, nextB) => go({ runs: withPair(chosen, nextA, nextB) })}
          onScope={(next) => go({ scope: next })}
        />
        <CompareFilterBar
          filter={filter}
          onChange={(next, options) => {
            const to = compareHref(chosen, { scope, filter: next });
            if (options?.replace === true) replaceRoute(to);
            else navigate(to);
          }}
        />
        {missing.length > 0 && (
          <Alert severity="warning">
            Not in this workspace: {missing.join(', ')}. Pick another run above.
          </Alert>
        )}
        {chosen.length > 2 && (
          <RunsOverviewTable
            runs={chosen.map((id) => byId.get(id) ?? unknownRun(id))}
            a={a}
            b={b}
            onPair={(nextA, nextB) => go({ runs: withPair(chosen, nextA, nextB) })}
          />
        )}
        {missing.length === 0 && (
          <CompareView
            key={`${a}\n${b}`}
            a={byId.get(a) as RunInfo}
            b={byId.get(b) as RunInfo}
            scope={scoped ? (scope ?? 'all') : 'all'}
            filter={filter}
          />
        )}
      </Box>
    </>
  );
}
