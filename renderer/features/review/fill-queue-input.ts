// The Fill queue dialog's fields as a startReviewQueue request, checked by the API's own schema
// (shared/api-review.ts), so the dialog refuses what the engine would.
import type { ApiInput } from '../../../shared/api';
import { REVIEW_API } from '../../../shared/api-review';

export interface FillQueueDraft {
  /** failure_step_in_success: the progress drop to exceed, as typed. */
  minProgressDrop: string;
  /** low_judge_confidence: the confidence to be under, as typed. */
  minConfidence: string;
}

export type FillQueueParsed =
  | { ok: true; input: ApiInput<'startReviewQueue'> }
  | { ok: false; errors: Partial<Record<keyof FillQueueDraft, string>> };

const FIELDS = {
  minProgressDrop: ['min_progress_drop', 'A number from 0 up'],
  minConfidence: ['min_confidence', 'A number from 0 to 1'],
} as const;

/** The queue's request schema, the one the engine checks the request with. */
const QUEUE_INPUT = REVIEW_API.startReviewQueue().input;

/** A typed number, or NaN for an empty or malformed one (which the schema then refuses). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export function parseFillQueue(draft: FillQueueDraft): FillQueueParsed {
  const input = {
    min_progress_drop: numberOf(draft.minProgressDrop),
    min_confidence: numberOf(draft.minConfidence),
  };
  const parsed = QUEUE_INPUT.safeParse(input);
  if (parsed.success) return { ok: true, input };
  const errors: Partial<Record<keyof FillQueueDraft, string>> = {};
  for (const [field, [key, message]] of Object.entries(FIELDS)) {
    if (parsed.error.issues.some((issue) => issue.path[0] === key))
      errors[field as keyof FillQueueDraft] = message;
  }
  return { ok: false, errors };
}
