// Handlers of the datasets list (shared/api-datasets.ts).
import type { DATASETS_API } from '../../shared/api-datasets';
import type { HandlerContext, HandlersOf } from '../core/handler-context';
import { listDatasets } from './dataset-list';

export function datasetsHandlers({ workspace }: HandlerContext): HandlersOf<typeof DATASETS_API> {
  return { listDatasets: () => listDatasets(workspace) };
}
