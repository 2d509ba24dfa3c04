// Reads an item's evidence (the signals at queueing time, stored as JSON by the queue job; see
// engine/review/review-rules.ts): labels by source, outcome, credit, failure step and the
// segment's turns. Every part is optional, so an item written by an older rule still shows.
import * as z from 'zod';
import { RoleLabelSchema } from '../../../shared/api-review';

const num = z.number().nullable().optional();

const EvidenceLabelSchema = z
  .object({ label: RoleLabelSchema, source: z.string(), confidence: num })
  .nullable()
  .optional();
export type EvidenceLabel = z.infer<typeof EvidenceLabelSchema>;

export const EVIDENCE_SOURCES = ['in_force', 'human', 'judge', 'heuristic'] as const;

const EvidenceSchema = z.object({
  labels: z
    .object({
      human: EvidenceLabelSchema,
      judge: EvidenceLabelSchema,
      heuristic: EvidenceLabelSchema,
      in_force: EvidenceLabelSchema,
    })
    .nullable()
    .optional(),
  success: z.boolean().nullable().optional(),
  reward: num,
  credit: z
    .object({
      total: num,
      sign_flipped: z.boolean().nullable().optional(),
      outcome_advantage: num,
      role_bonus: num,
      progress_advantage: num,
    })
    .nullable()
    .optional(),
  failure_step: num,
  turn_start: num,
  turn_end: num,
});
export type Evidence = z.infer<typeof EvidenceSchema>;

export function readEvidence(evidence: Record<string, unknown>): Evidence {
  const parsed = EvidenceSchema.safeParse(evidence);
  return parsed.success ? parsed.data : {};
}

/** '+0.123' / '-0.500' / '—'. */
export function formatSigned(value: number | null | undefined): string {
  if (value == null) return '—';
  return `${value > 0 ? '+' : ''}${value.toFixed(3)}`;
}
