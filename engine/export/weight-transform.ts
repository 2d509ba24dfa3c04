// Credit to weights (docs/credit.md, docs/export.md): the one documented, configurable mapping every weighting
// target uses, so a manifest can state the rule once. Rounded to 6 decimals so the written files do
// not depend on floating-point noise in the credit computation.
import type { Weighting } from '../../shared/api-export';

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** A turn's loss weight from its credit x; a turn without credit keeps weight 1. */
export function weightOf(x: number | null, weighting: Weighting): number {
  if (x === null) return 1;
  const raw =
    weighting.transform === 'exp' ? Math.exp(weighting.scale * x) : 1 + weighting.scale * x;
  return round6(Math.min(weighting.max, Math.max(weighting.min, raw)));
}

/** Whether a turn is trained under binary flags: credit at least the threshold (no credit: yes). */
export function trainFlagOf(x: number | null, weighting: Weighting): boolean {
  return x === null || x >= weighting.train_threshold;
}

/** The rule in words, for manifests. */
export function weightRule(weighting: Weighting): string {
  const inner =
    weighting.transform === 'exp' ? `exp(${weighting.scale} * x)` : `1 + ${weighting.scale} * x`;
  return `weight = min(${weighting.max}, max(${weighting.min}, ${inner})), x = the turn's ${weighting.source} credit (turns without credit: 1), rounded to 6 decimals`;
}
