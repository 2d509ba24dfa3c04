// The pages, each loaded when its route is first shown (route-level code splitting): the
// explorer's first load carries neither ECharts nor the pages it does not show.
import { lazy, type ComponentType } from 'react';

/** A named page export as a lazy component (React.lazy wants a default export). */
function page<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

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
  () => import('./features/evaluation/EvaluationPage'),
  'EvaluationPage',
);
export const ExportPage = page(() => import('./features/export/ExportPage'), 'ExportPage');
export const GroupPage = page(() => import('./features/trajectories/GroupPage'), 'GroupPage');
export const NotFoundPage = page(() => import('./features/NotFoundPage'), 'NotFoundPage');
export const PromptsPage = page(() => import('./features/prompts/PromptsPage'), 'PromptsPage');
export const ReviewPage = page(() => import('./features/review/ReviewPage'), 'ReviewPage');
export const RunsPage = page(() => import('./features/runs/RunsPage'), 'RunsPage');
export const SqlPage = page(() => import('./features/sql/SqlPage'), 'SqlPage');
export const TrajectoriesPage = page(
  () => import('./features/trajectories/TrajectoriesPage'),
  'TrajectoriesPage',
);
export const TrajectoryPage = page(
  () => import('./features/trajectory/TrajectoryPage'),
  'TrajectoryPage',
);
