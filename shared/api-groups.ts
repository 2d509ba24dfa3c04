// Checks on a dataset's GRPO groups (docs/formats/README.md, identity): a group whose rollouts
// start from different prompts mixes unrelated tasks, and its outcome advantages mean nothing.
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
} as const;
