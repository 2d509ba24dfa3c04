// Each dataset's segmentation (docs/credit.md, segmentations): the credit unit its pages label,
// judge and credit by default. Stored per dataset; null in the store means the default.
import * as z from 'zod';
import { Id, method } from './api-method';
import { SegmentationNameSchema } from './segments';

export const DatasetSegmentationSchema = z.object({
  /** The segmentation in force (the stored choice, else the default). */
  segmentation: z.string(),
  /** No choice is stored: the default applies. */
  is_default: z.boolean(),
  default_segmentation: z.string(),
  /** Why the default is what it is, in a sentence for the dataset page. */
  default_reason: z.string(),
  /** How many assistant messages the dataset has, and how many of them are actions. */
  assistant_turns: z.number(),
  assistant_actions: z.number(),
});
export type DatasetSegmentation = z.infer<typeof DatasetSegmentationSchema>;

export const SEGMENTATION_API = {
  getDatasetSegmentation: () =>
    method(z.object({ dataset_id: Id }).strict(), DatasetSegmentationSchema),
  /** Stores the dataset's segmentation; null goes back to the default. */
  setDatasetSegmentation: () =>
    method(
      z.object({ dataset_id: Id, segmentation: SegmentationNameSchema.nullable() }).strict(),
      DatasetSegmentationSchema,
      { invalidates: 'all' },
    ),
} as const;
