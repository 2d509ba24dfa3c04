// Text search over every turn of the workspace (docs/performance.md, "Text search"): a job that
// scans the turns in slices, keeps the matching trajectories as it goes (so the explorer shows
// the first matches while it runs) and can be cancelled. The explorer's "text in any turn" filter
// reads a search's matches once one has been made for its text.
import * as z from 'zod';
import { method } from './api-method';
import { jobStateOf } from './job-kinds';

/** What is searched for; case is ignored and the text is taken literally. */
export const SearchText = z.string().trim().min(1).max(200);

export const TEXT_SEARCH_STATUSES = ['running', 'complete', 'cancelled'] as const;

export const TextSearchStateSchema = z.object({
  text: z.string(),
  /** `none`: not searched yet, or the datasets changed since (it must be searched again). */
  status: z.enum([...TEXT_SEARCH_STATUSES, 'none']),
  turns_scanned: z.number(),
  turns_total: z.number(),
  /** Trajectories with a matching turn among the turns scanned so far. */
  trajectories: z.number(),
});
export type TextSearchState = z.infer<typeof TextSearchStateSchema>;

/** A 'search' job, whose result is a TextSearchState. */
export const SearchJobSchema = jobStateOf('search', TextSearchStateSchema);

export const SEARCH_API = {
  /** Starts searching every turn for the text; an answered search returns at once. */
  startTextSearch: () => method(z.object({ text: SearchText }).strict(), SearchJobSchema),
  getTextSearch: () => method(z.object({ text: SearchText }).strict(), TextSearchStateSchema),
};
