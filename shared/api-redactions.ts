// What import-time redaction replaced in a dataset: counts by kind and field, and the
// trajectories and turns it touched. Values are never stored, so none can be returned.
import * as z from 'zod';
import { method } from './api-method';
import { SECRETS_STATES } from './model';

export const RedactionSchema = z.object({
  trajectory_id: z.string(),
  /** Null for trajectory-level fields (metadata, tool descriptions). */
  turn_index: z.number().nullable(),
  /** Where it was: system_prompt, user_message, assistant_message, tool_output, reasoning, ... */
  field: z.string(),
  /** The rule that found it (a gitleaks rule id, or secret-named-field). */
  kind: z.string(),
  count: z.number(),
});
export type Redaction = z.infer<typeof RedactionSchema>;

export const REDACTIONS_API = {
  listRedactions: () =>
    method(
      z
        .object({
          dataset_id: z.string().min(1),
          /** How many of the redacted places to list (the totals always cover them all). */
          limit: z.number().int().min(1).max(1000).default(200),
        })
        .strict(),
      z.object({
        secrets: z.enum(SECRETS_STATES),
        total: z.number(),
        by_kind: z.array(
          z.object({
            kind: z.string(),
            field: z.string(),
            count: z.number(),
            trajectories: z.number(),
          }),
        ),
        places: z.array(RedactionSchema),
        /** Whether places stops short of every redacted place. */
        truncated: z.boolean(),
      }),
    ),
} as const;
