// The app: theme, API client and the page for the current hash route.
import CssBaseline from '@mui/material/CssBaseline';
import type { QueryClient } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import LinearProgress from '@mui/material/LinearProgress';
import { Suspense, useEffect, useMemo } from 'react';
import type { ApiClient } from './api/client';
import { ApiProvider } from './api/ApiContext';
import { AppShell } from './components/AppShell';
import { PageErrorBoundary } from './components/PageErrorBoundary';
import { ImportLauncher } from './features/import/ImportLauncher';
import {
  AnnotatorsPage,
  ChartsPage,
  ComparePage,
  DatasetListPage,
  DatasetPage,
  DiffPage,
  EvaluationPage,
  ExportPage,
  GroupPage,
  NotFoundPage,
  PromptsPage,
  ReviewPage,
  RunsPage,
  SqlPage,
  TrajectoriesPage,
  TrajectoryPage,
} from './pages';
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

type AppProps = {
  client: ApiClient;
  /** The cache for `client`, when start-up already asked the first screen's calls into it. */
  queryClient?: QueryClient;
};

export function App({ client, queryClient }: AppProps) {
  const route = useHashRoute();
  const { mode, toggle } = useThemeMode();
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  useEffect(() => {
    document.title = `${titleOf(route)} · Turnwise`;
  }, [route]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <ApiProvider client={client} queryClient={queryClient}>
        <AppShell route={route} mode={mode} onToggleTheme={toggle}>
          <PageErrorBoundary resetKey={JSON.stringify(route)}>
            <Suspense fallback={<LinearProgress aria-label="Loading the page" />}>
              <Page route={route} />
            </Suspense>
          </PageErrorBoundary>
        </AppShell>
        <ImportLauncher />
      </ApiProvider>
    </ThemeProvider>
  );
}
