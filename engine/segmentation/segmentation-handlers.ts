// Handlers of the dataset segmentation methods (shared/api-segmentation.ts).
import type { SEGMENTATION_API } from '../../shared/api-segmentation';
import type { HandlerContext, HandlersOf } from '../core/handler-context';
import { datasetSegmentation, setDatasetSegmentation } from './dataset-segmentation';

export function segmentationHandlers({
  workspace,
}: HandlerContext): HandlersOf<typeof SEGMENTATION_API> {
  return {
    getDatasetSegmentation: ({ dataset_id }) => datasetSegmentation(workspace, dataset_id),
    setDatasetSegmentation: ({ dataset_id, segmentation }) =>
      setDatasetSegmentation(workspace, dataset_id, segmentation),
  };
}
