// Which runs the compare page shows. The link's runs come first (A, B, then the others of the
// overview); a link with fewer than two is completed from the workspace's lineage: the best run
// (or the newest run with a parent) against the run it was trained from.
import type { RunInfo } from '../../../shared/api-runs';

/** The runs to compare, A and B first; null when the workspace has fewer than two runs. */
export function completeRuns(
  linked: readonly string[],
  runs: readonly RunInfo[],
  best: string | null,
): string[] | null {
  if (linked.length >= 2) return [...linked];
  const known = new Set(runs.map((r) => r.dataset_id));
  const byId = new Map(runs.map((r) => [r.dataset_id, r]));
  const withParent = (id: string | null | undefined) => {
    const run = id == null ? undefined : byId.get(id);
    return run?.parent != null && known.has(run.parent) ? run : undefined;
  };
  if (linked.length === 1) {
    const only = linked[0] as string;
    const child = runs.find((r) => r.parent === only);
    const other =
      withParent(only)?.parent ??
      child?.dataset_id ??
      runs.find((r) => r.dataset_id !== only)?.dataset_id;
    if (other === undefined) return null;
    // The one named run is B when it has a parent (parent -> run), else A.
    return withParent(only) !== undefined ? [other, only] : [only, other];
  }
  const target = withParent(best) ?? [...runs].reverse().find((r) => withParent(r.dataset_id));
  if (target?.parent != null) return [target.parent, target.dataset_id];
  if (runs.length < 2) return null;
  return [(runs[0] as RunInfo).dataset_id, (runs[1] as RunInfo).dataset_id];
}

/** The link's runs with `a` and `b` as the pair, the others after them in their order. */
export function withPair(runs: readonly string[], a: string, b: string): string[] {
  return [a, b, ...runs.filter((id) => id !== a && id !== b)];
}

/** A run the link names that the workspace does not have (deleted since the link was made). */
export function unknownRun(id: string): RunInfo {
  return {
    dataset_id: id,
    name: id,
    model: null,
    model_source: null,
    checkpoint: null,
    step: null,
    notes: null,
    trained_from: null,
    parent: null,
    verdict: null,
    best: false,
    trajectories: 0,
    tasks: 0,
    success_rate: null,
    mean_reward: null,
  };
}
