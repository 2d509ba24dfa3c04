// The lineage of the workspace's runs as trees: a run, then each run trained on an export made
// from it (its children, by step). Runs in no lineage at all are listed apart.
import type { ExportRecord, RunInfo } from '../../../shared/api-runs';

export type LineageNode = {
  run: RunInfo;
  /** The export the run was trained from, when the workspace recorded it. */
  exportRecord: ExportRecord | null;
  children: LineageNode[];
};

export type Lineage = { trees: LineageNode[]; standalone: RunInfo[] };

/** Earlier steps first; runs without a step after those with one; then by name. */
function byStep(x: RunInfo, y: RunInfo): number {
  if (x.step !== y.step) {
    if (x.step === null) return 1;
    if (y.step === null) return -1;
    return x.step - y.step;
  }
  return x.name.localeCompare(y.name) || x.dataset_id.localeCompare(y.dataset_id);
}

export function buildLineage(runs: readonly RunInfo[], exports: readonly ExportRecord[]): Lineage {
  const ids = new Set(runs.map((run) => run.dataset_id));
  const exportsById = new Map(exports.map((record) => [record.export_id, record]));
  const children = new Map<string, RunInfo[]>();
  for (const run of runs) {
    if (run.parent === null || !ids.has(run.parent) || run.parent === run.dataset_id) continue;
    children.set(run.parent, [...(children.get(run.parent) ?? []), run]);
  }
  const placed = new Set<string>();
  const grow = (run: RunInfo): LineageNode => {
    placed.add(run.dataset_id);
    return {
      run,
      exportRecord: run.trained_from === null ? null : (exportsById.get(run.trained_from) ?? null),
      // A parent link that loops back (bad data) is cut where it would repeat a run.
      children: (children.get(run.dataset_id) ?? [])
        .filter((child) => !placed.has(child.dataset_id))
        .sort(byStep)
        .map(grow),
    };
  };
  const sorted = [...runs].sort(byStep);
  const isRoot = (run: RunInfo) =>
    run.parent === null || !ids.has(run.parent) || run.parent === run.dataset_id;
  const trees: LineageNode[] = [];
  const standalone: RunInfo[] = [];
  for (const run of sorted.filter(isRoot)) {
    const node = grow(run);
    if (node.children.length === 0 && run.trained_from === null) standalone.push(run);
    else trees.push(node);
  }
  // Runs only reachable through a loop of parents: start a tree at each.
  for (const run of sorted) if (!placed.has(run.dataset_id)) trees.push(grow(run));
  return { trees, standalone };
}

/** An export id short enough for a card; the whole id goes in its title. */
export function shortExportId(id: string): string {
  return id.length > 10 ? id.slice(0, 8) : id;
}
