// A dataset's GRPO groups: checks (docs/formats/README.md, identity: a group whose rollouts start
// from different prompts mixes unrelated tasks, and its outcome advantages mean nothing), and
// regrouping by a SQL expression over the trajectories view.
import * as z from 'zod';
import { Id, method } from './api-method';

export const MixedGroupSchema = z.object({
  group_id: z.string(),
  trajectories: z.number(),
  /** How many different prompts (the turns before the first assistant turn) the group holds. */
  prompts: z.number(),
});

export const GroupCheckSchema = z.object({
  groups: z.number(),
  /** Groups whose rollouts have different prompts. */
  mixed_prompt_groups: z.number(),
  /** The largest such groups, at most 20. */
  examples: z.array(MixedGroupSchema),
});
export type GroupCheck = z.infer<typeof GroupCheckSchema>;

export const GROUPS_API = {
  checkGroups: () => method(z.object({ dataset_id: Id }).strict(), GroupCheckSchema),
  /** Shows the groups a SQL expression over the trajectories view would make, without changing them. */
  previewRegroup: () =>
    method(
      z.object({ dataset_id: Id, expression: z.string().min(1).max(2000) }).strict(),
      z.object({
        groups: z.number(),
        sample: z.array(
          z.object({
            group_id: z.string().nullable(),
            trajectories: z.number(),
            success_rate: z.number().nullable(),
          }),
        ),
      }),
    ),
  /** Regroups a dataset by a SQL expression; a null expression restores the importer's grouping. */
  regroupDataset: () =>
    method(
      z.object({ dataset_id: Id, expression: z.string().min(1).max(2000).nullable() }).strict(),
      z.object({ groups: z.number() }),
    ),
} as const;
