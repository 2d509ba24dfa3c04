// The annotator methods of the API table (docs/judge.md); shared/api.ts spreads them into API. Human
// labels carry their annotator's name (human:<name>); two annotators' agreement is measured on the
// segments both labeled.
import * as z from 'zod';
import { Empty, method } from './api-method';
import { AgreementReportSchema } from './api-judge-eval';
import { AnnotatorSchema } from './api-labels';
import { SegmentationNameSchema } from './segments';

export const ANNOTATOR_API = {
  /** The annotators who have labeled (human:<name>), with their label counts. */
  listAnnotators: () =>
    method(
      Empty,
      z.object({ annotators: z.array(z.object({ name: z.string(), labels: z.number() })) }),
    ),
  /** Agreement between two annotators on the segments both labeled (their newest labels). */
  getAnnotatorAgreement: () =>
    method(
      z
        .object({
          a: AnnotatorSchema,
          b: AnnotatorSchema,
          segmentation: SegmentationNameSchema.default('action'),
        })
        .strict(),
      AgreementReportSchema,
    ),
} as const;
