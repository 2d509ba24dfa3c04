// The trajectory explorer's methods: the filtered list, its facet counts, saved filters and the
// grid's column layout.
import * as z from 'zod';
import { method } from './api-method';
import { TrajectorySummarySchema } from './model';
import {
  FACET_COLUMNS,
  TRAJECTORY_SORT_COLUMNS,
  TrajectoryFilterSchema,
  TrajectoryFilterShape,
} from './trajectory-filter';

/** A listed trajectory with its label counts and credit scores for the filter's segmentation. */
export const TrajectoryListRowSchema = TrajectorySummarySchema.extend({
  progress_score: z.number().nullable(),
  outcome_advantage: z.number().nullable(),
  failure_step: z.number().nullable(),
  decisive_progress: z.number(),
  useful_exploration: z.number(),
  no_progress_infrastructure: z.number(),
  regression: z.number(),
});
export type TrajectoryListRow = z.infer<typeof TrajectoryListRowSchema>;

export const FacetEntrySchema = z.object({ value: z.string().nullable(), count: z.number() });
export type FacetEntry = z.infer<typeof FacetEntrySchema>;

/** Most frequent values first; `distinct` counts all values, including those not listed. */
export const FacetSchema = z.object({ entries: z.array(FacetEntrySchema), distinct: z.number() });

export const SavedFilterSchema = z.object({
  name: z.string(),
  filter: TrajectoryFilterSchema,
  created_at: z.string(),
});
export type SavedFilter = z.infer<typeof SavedFilterSchema>;

const FilterName = z.string().trim().min(1).max(100);

export const EXPLORER_COLUMN_WIDTH = { min: 32, max: 1000 } as const;

/**
 * The explorer grid's columns as the user arranged them, in display order. Ids are plain strings,
 * not the current column list: a layout saved by another version keeps parsing, and the renderer
 * drops ids it does not know and appends columns the layout does not name. No columns: the
 * default layout.
 */
export const ExplorerLayoutSchema = z
  .object({
    columns: z
      .array(
        z
          .object({
            id: z.string().min(1).max(100),
            width: z.number().int().min(EXPLORER_COLUMN_WIDTH.min).max(EXPLORER_COLUMN_WIDTH.max),
            hidden: z.boolean(),
          })
          .strict(),
      )
      .max(200),
  })
  .strict();
export type ExplorerLayout = z.infer<typeof ExplorerLayoutSchema>;

export const EXPLORER_API = {
  listTrajectories: () =>
    method(
      z
        .object({
          ...TrajectoryFilterShape,
          sort: z.enum(TRAJECTORY_SORT_COLUMNS).default('trajectory_id'),
          descending: z.boolean().default(false),
          limit: z.number().int().min(1).max(1000).default(100),
          offset: z.number().int().min(0).default(0),
        })
        .strict(),
      z.object({ total: z.number(), rows: z.array(TrajectoryListRowSchema) }),
    ),
  /** Counts per value of each facet column; each facet ignores its own selection. */
  getTrajectoryFacets: () =>
    method(
      z
        .object({
          ...TrajectoryFilterShape,
          max_entries: z.number().int().min(1).max(200).default(30),
        })
        .strict(),
      z.object({
        total: z.number(),
        facets: z.object(
          Object.fromEntries(FACET_COLUMNS.map((column) => [column, FacetSchema])) as Record<
            (typeof FACET_COLUMNS)[number],
            typeof FacetSchema
          >,
        ),
      }),
    ),
  listSavedFilters: () =>
    method(z.object({}).strict(), z.object({ filters: z.array(SavedFilterSchema) })),
  /** Saves (or replaces) a named filter. */
  saveFilter: () =>
    method(
      z.object({ name: FilterName, filter: TrajectoryFilterSchema }).strict(),
      SavedFilterSchema,
      { invalidates: ['listSavedFilters'] },
    ),
  deleteSavedFilter: () =>
    method(z.object({ name: FilterName }).strict(), z.object({ deleted: z.boolean() }), {
      invalidates: ['listSavedFilters'],
    }),
  /** The grid's column layout, kept in the workspace (one per workspace, shared by its grids). */
  getExplorerLayout: () => method(z.object({}).strict(), ExplorerLayoutSchema),
  /** Replaces the layout; no columns resets it to the default. */
  setExplorerLayout: () => method(ExplorerLayoutSchema, ExplorerLayoutSchema),
};
