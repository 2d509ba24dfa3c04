// The datasets of a workspace, as the datasets page lists them.
import * as z from 'zod';
import { Empty, method } from './api-method';
import { DatasetSummarySchema } from './model';

export const DATASETS_API = {
  listDatasets: () => method(Empty, z.object({ datasets: z.array(DatasetSummarySchema) })),
} as const;
