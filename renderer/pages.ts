// The pages, each loaded when its route is first shown (route-level code splitting): the
// explorer's first load carries neither ECharts nor the pages it does not show. The page of the
// route the app opens on is asked for at once (`preloadPage`), so its code downloads while React
// and the shell start instead of after them.
import { lazyNamed as page } from './components/lazy-named';
import type { Route } from './routing/routes';

export const AnnotatorsPage = page(
  () => import('./features/annotators/AnnotatorsPage'),
  'AnnotatorsPage',
);
export const ChartsPage = page(() => import('./features/charts/ChartsPage'), 'ChartsPage');
export const ComparePage = page(() => import('./features/compare/ComparePage'), 'ComparePage');
export const DatasetListPage = page(
  () => import('./features/datasets/DatasetListPage'),
  'DatasetListPage',
);
export const DatasetPage = page(() => import('./features/datasets/DatasetPage'), 'DatasetPage');
export const DiffPage = page(() => import('./features/diff/DiffPage'), 'DiffPage');
export const EvaluationPage = page(
  () => import('./features/judge/eval/EvaluationPage'),
  'EvaluationPage',
);
export const ExportPage = page(() => import('./features/export/ExportPage'), 'ExportPage');
export const GroupPage = page(() => import('./features/groups/GroupPage'), 'GroupPage');
export const NotFoundPage = page(() => import('./features/NotFoundPage'), 'NotFoundPage');
export const PromptsPage = page(
  () => import('./features/judge/prompts/PromptsPage'),
  'PromptsPage',
);
export const ReviewPage = page(() => import('./features/review/ReviewPage'), 'ReviewPage');
export const RunsPage = page(() => import('./features/runs/RunsPage'), 'RunsPage');
export const SqlPage = page(() => import('./features/sql/SqlPage'), 'SqlPage');
export const TrajectoriesPage = page(
  () => import('./features/explorer/TrajectoriesPage'),
  'TrajectoriesPage',
);
export const TrajectoryPage = page(
  () => import('./features/trajectory/TrajectoryPage'),
  'TrajectoryPage',
);

/** The page each route shows. */
const PAGE_OF_ROUTE: Record<Route['name'], { preload: () => void }> = {
  datasets: DatasetListPage,
  dataset: DatasetPage,
  trajectories: TrajectoriesPage,
  charts: ChartsPage,
  trajectory: TrajectoryPage,
  group: GroupPage,
  diff: DiffPage,
  review: ReviewPage,
  judge: EvaluationPage,
  prompts: PromptsPage,
  annotators: AnnotatorsPage,
  sql: SqlPage,
  export: ExportPage,
  runs: RunsPage,
  compare: ComparePage,
  'not-found': NotFoundPage,
};

/** Starts downloading the code of the route's page. */
export function preloadPage(route: Route): void {
  PAGE_OF_ROUTE[route.name].preload();
}
