// Formatting of evaluation numbers: undefined metrics (null) show as a dash, never as 0.
import type { JudgeEvalRecord } from '../../shared/api-judge-eval';

export function metric(value: number | null, digits = 3): string {
  return value === null ? '—' : value.toFixed(digits);
}

/** b - a with its sign, or a dash when either side is undefined. */
export function delta(a: number | null, b: number | null, digits = 3): string {
  if (a === null || b === null) return '—';
  const d = b - a;
  return `${d > 0 ? '+' : d < 0 ? '−' : '±'}${Math.abs(d).toFixed(digits)}`;
}

/** A one-line name for an evaluation: version, model and when. */
export function evalLabel(record: JudgeEvalRecord): string {
  const { prompt_version, model } = record.result;
  const when = record.created_at.replace('T', ' ').slice(0, 19);
  return `${prompt_version} · ${model ?? 'any model'} · ${when}`;
}
