// Test material: recall and precision of import-time redaction over a labelled corpus
// (redaction-corpus.ts). Recall: planted secrets of which nothing survives. Precision: of the
// values the redactor replaced, those that were (part of) a planted secret; a replacement in the
// real logs or on a planted non-secret is a false positive.
import type { CanonicalTrajectory } from '../chat/canonical';
import { REAL_LOG_SECRETS, type Corpus } from './redaction-corpus';
import { redactTrajectory } from '../secrets/redact-trajectory';

const MARKER = /\[REDACTED:[a-z0-9-]+\]/g;

/**
 * The original values that were replaced to turn `before` into `after`: the text between the
 * pieces of `after` that sit around its markers. JSON written back in another layout is compared
 * value by value instead.
 */
export function replacedValues(before: unknown, after: unknown): string[] {
  if (typeof before === 'string' && typeof after === 'string') {
    if (before === after) return [];
    const aligned = alignedValues(before, after);
    if (aligned !== null) return aligned;
    try {
      return replacedValues(JSON.parse(before), JSON.parse(after));
    } catch {
      return [before];
    }
  }
  if (
    before !== null &&
    typeof before === 'object' &&
    after !== null &&
    typeof after === 'object'
  ) {
    const a = Object.values(before as Record<string, unknown>);
    const b = Object.values(after as Record<string, unknown>);
    return a.flatMap((value, index) => replacedValues(value, b[index]));
  }
  return [];
}

function alignedValues(before: string, after: string): string[] | null {
  const pieces = after.split(MARKER);
  const first = pieces[0] ?? '';
  const last = pieces[pieces.length - 1] ?? '';
  if (!before.startsWith(first) || !before.endsWith(last)) return null;
  const values: string[] = [];
  let at = first.length;
  for (const piece of pieces.slice(1, -1)) {
    const found = before.indexOf(piece, at);
    if (found === -1) return null;
    values.push(before.slice(at, found));
    at = found + piece.length;
  }
  values.push(before.slice(at, before.length - last.length));
  return values;
}

/** The texts of a trajectory that redaction may change, as stored. */
function textsOf(trajectory: CanonicalTrajectory): unknown[] {
  return [
    trajectory.metadata,
    trajectory.tools,
    ...trajectory.turns.flatMap((turn) => [
      turn.content,
      turn.reasoning,
      turn.error?.message ?? null,
      turn.metadata ?? null,
      ...turn.tool_calls.map((call) => call.arguments),
    ]),
  ];
}

/** Whether any 12-character stretch of the secret is still in the text. */
function survives(secret: string, text: string): boolean {
  const size = Math.min(12, secret.length);
  for (let at = 0; at + size <= secret.length; at += 4) {
    if (text.includes(secret.slice(at, at + size))) return true;
  }
  return false;
}

export interface Measurement {
  planted: number;
  found: number;
  replaced: number;
  truePositives: number;
  /** Replacements that were not a planted secret, by where they were: real text or a value. */
  falsePositives: { trajectory: string; value: string; onPlantedValue: string | null }[];
  missed: { kind: string; text: string }[];
  /** Planted non-secrets that did not survive whole. */
  damaged: { kind: string; text: string }[];
  recall: number;
  precision: number;
}

export function measure(corpus: Corpus): Measurement {
  const result: Omit<Measurement, 'recall' | 'precision'> = {
    planted: 0,
    found: 0,
    replaced: 0,
    truePositives: 0,
    falsePositives: [],
    missed: [],
    damaged: [],
  };
  corpus.trajectories.forEach((before, index) => {
    const after = redactTrajectory(before).trajectory;
    const secrets = [
      ...(corpus.secrets.get(index) ?? []).map((planted) => planted.secret),
      ...REAL_LOG_SECRETS,
    ];
    const values = corpus.values.get(index) ?? [];
    const text = textsOf(after)
      .map((value) => (typeof value === 'string' ? value : JSON.stringify(value)))
      .join('\n');
    for (const replaced of replacedValues(textsOf(before), textsOf(after))) {
      result.replaced += 1;
      const secret = secrets.some(
        (s) => replaced.includes(s) || (replaced.length >= 8 && s.includes(replaced)),
      );
      if (secret) result.truePositives += 1;
      else {
        const on = values.find((v) => v.value.includes(replaced) || replaced.includes(v.value));
        result.falsePositives.push({
          trajectory: before.source_id,
          value: replaced,
          onPlantedValue: on?.kind ?? null,
        });
      }
    }
    for (const planted of corpus.secrets.get(index) ?? []) {
      result.planted += 1;
      if (survives(planted.secret, text)) result.missed.push(planted);
      else result.found += 1;
    }
    for (const planted of values) {
      if (!text.includes(planted.value)) result.damaged.push(planted);
    }
  });
  return {
    ...result,
    recall: result.found / result.planted,
    precision: result.truePositives / Math.max(1, result.replaced),
  };
}
