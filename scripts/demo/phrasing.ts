// Deterministic wording: which phrasing an agent uses is fixed by the conversation prefix and the
// intent, never by the rollout's random stream, so identical histories produce identical text.

import { mixHash, unitFromHash } from './random';

export type Phrases<S> = readonly ((slots: S) => string)[];

export function phrase<S>(seed: number, intent: string, variants: Phrases<S>, slots: S): string {
  if (variants.length === 0) throw new Error(`no phrasing for ${intent}`);
  const variant = variants[mixHash(seed, intent) % variants.length] as (slots: S) => string;
  return variant(slots);
}

/** An optional short visible message next to the reasoning (many agents say nothing). */
export function maybeSay(
  seed: number,
  intent: string,
  text: string,
  probability = 0.3,
): string | null {
  return unitFromHash(mixHash(seed, intent, 'say')) < probability ? text : null;
}

/** Inline code formatting used in thoughts. */
export function code(text: string): string {
  return `\`${text}\``;
}
