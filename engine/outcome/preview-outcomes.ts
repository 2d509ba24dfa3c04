// The default outcome rule (outcome-rule.ts) applied in memory to an import preview's first
// trajectories, so the preview shows the outcomes the import will store instead of "unknown"
// wherever the format is silent. It judges from the previewed rewards only; the import judges
// from the whole dataset, and says so in the preview's caption.
import { BINARY_REWARD_RULE } from './outcome-rule';

interface Previewed {
  reward: number | null;
  success: boolean | null;
}

export function previewOutcomes<T extends Previewed>(
  samples: T[],
): { rule: string | null; samples: T[] } {
  const known = samples.filter((sample) => sample.reward !== null);
  const binary = known.length > 0 && known.every((s) => s.reward === 0 || s.reward === 1);
  if (!binary) return { rule: null, samples };
  const settled = samples.map((sample) =>
    sample.success !== null || sample.reward === null
      ? sample
      : { ...sample, success: sample.reward >= 1 },
  );
  return { rule: BINARY_REWARD_RULE, samples: settled };
}
