// The app: theme, API client and the page for the current hash route.
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo } from 'react';
import type { ApiClient } from './api/client';
import { ApiProvider } from './api/ApiContext';
import { AppShell } from './components/AppShell';
import { PageErrorBoundary } from './components/PageErrorBoundary';
import { ChartsPage } from './features/charts/ChartsPage';
import { ComparePage } from './features/compare/ComparePage';
import { DatasetListPage } from './features/datasets/DatasetListPage';
import { DatasetPage } from './features/datasets/DatasetPage';
import { DiffPage } from './features/diff/DiffPage';
import { ExportPage } from './features/export/ExportPage';
import { ImportLauncher } from './features/import/ImportLauncher';
import { NotFoundPage } from './features/NotFoundPage';
import { ReviewPage } from './features/review/ReviewPage';
import { RunsPage } from './features/runs/RunsPage';
import { EvaluationPage } from './features/evaluation/EvaluationPage';
import { PromptsPage } from './features/prompts/PromptsPage';
import { AnnotatorsPage } from './features/annotators/AnnotatorsPage';
import { SqlPage } from './features/sql/SqlPage';
import { TrajectoryPage } from './features/trajectory/TrajectoryPage';
import { GroupPage } from './features/trajectories/GroupPage';
import { TrajectoriesPage } from './features/trajectories/TrajectoriesPage';
import type { Route } from './routing/routes';
import { useHashRoute } from './routing/useHashRoute';
import { createAppTheme } from './theme/theme';
import { useThemeMode } from './theme/useThemeMode';

// Keyed by route so a page's state (paging, expanded blocks) never leaks into another id's page.
function Page({ route }: { route: Route }) {
  switch (route.name) {
    case 'datasets':
      return <DatasetListPage />;
    case 'dataset':
      return <DatasetPage key={route.id} id={route.id} />;
    case 'trajectories':
      return <TrajectoriesPage filter={route.filter ?? {}} />;
    case 'trajectory':
      return <TrajectoryPage key={route.id} id={route.id} turn={route.turn} />;
    case 'group':
      return <GroupPage key={route.id} id={route.id} />;
    case 'diff':
      return <DiffPage key={`${route.a}\n${route.b}`} a={route.a} b={route.b} />;
    case 'charts':
      return <ChartsPage filter={route.filter ?? {}} />;
    case 'runs':
      return <RunsPage />;
    case 'compare':
      return (
        <ComparePage runs={route.runs ?? []} scope={route.scope} filter={route.filter ?? {}} />
      );
    case 'review':
      return <ReviewPage />;
    case 'judge':
      return <EvaluationPage />;
    case 'prompts':
      return <PromptsPage />;
    case 'annotators':
      return <AnnotatorsPage />;
    case 'sql':
      return <SqlPage />;
    case 'export':
      return <ExportPage filter={route.filter ?? {}} />;
    case 'not-found':
      return <NotFoundPage path={route.path} />;
  }
}

function titleOf(route: Route): string {
  switch (route.name) {
    case 'dataset':
    case 'trajectory':
    case 'group':
      return `${route.name} ${route.id}`;
    case 'not-found':
      return 'not found';
    default:
      return route.name;
  }
}

export function App({ client }: { client: ApiClient }) {
  const route = useHashRoute();
  const { mode, toggle } = useThemeMode();
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  useEffect(() => {
    document.title = `${titleOf(route)} · Turnwise`;
  }, [route]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <ApiProvider client={client}>
        <AppShell route={route} mode={mode} onToggleTheme={toggle}>
          <PageErrorBoundary resetKey={JSON.stringify(route)}>
            <Page route={route} />
          </PageErrorBoundary>
        </AppShell>
        <ImportLauncher />
      </ApiProvider>
    </ThemeProvider>
  );
}
