// What a target is: how it groups the selected trajectories into records (one trajectory, or a
// pair for preferences) and how it builds one record from loaded trajectories.
import type { ExportSelection, ExportTarget } from '../../../shared/api-export';
import type { Workspace } from '../../store/workspace';
import type { LoadedTrajectory } from '../chat-messages';
import type { SelectedTrajectory } from '../selection';

/** One record to build: the trajectories it needs, in the order the builder expects. */
export interface RecordUnit {
  trajectory_ids: string[];
  /**
   * A step-level record: the trajectories share their turns before `turn_index` (the prompt) and
   * differ at it; `values` are the turn-tree values of each trajectory's turn there; `label`
   * marks a single-trajectory step record as the chosen (true) or rejected (false) side.
   */
  step?: { turn_index: number; values: number[]; label?: boolean };
}

export interface RecordPlan {
  units: RecordUnit[];
  /** Trajectories that can yield no record whatever their turns, by reason. */
  skipped: string[];
  /**
   * Set when step pairs were planned from a sample of the groups (a preview): the number of units
   * the whole plan would hold, scaled up from the sample. `units` then holds the sample's only.
   */
  estimated_units?: number;
}

/**
 * A record, with the reasons for anything of its conversation the target had to leave out (one
 * entry each; counted in the manifest beside those of agent-view.ts), or why there is none.
 */
export type BuiltRecord =
  { record: Record<string, unknown>; left_out?: string[] } | { skip: string };

/** A file written beside the data file (e.g. a trainer's dataset registration). */
export interface ExtraFile {
  /** Relative to the output folder. */
  path: string;
  content: string;
}

/** What every stage of one export sees: the selection with its curation and weighting options. */
export interface ExportContext {
  workspace: Workspace;
  selection: ExportSelection;
  /** DRIFT weight per selected trajectory (null: unknown) when weighting.trajectory is 'drift'. */
  trajectory_weights?: ReadonlyMap<string, number | null>;
  /** A preview builds the turn trees of at most this many groups for step pairs, then scales. */
  preview_groups?: number;
  /**
   * Trajectories of datasets whose secrets were not redacted at import ('kept', 'unscanned'):
   * their records are scanned as they are written, and their stored token ids are not used.
   */
  scan_secrets: ReadonlySet<string>;
  /** Secrets replaced so far while writing, by kind (grows as records are produced). */
  redacted_at_export: Map<string, number>;
}

/**
 * How the data file is written: JSON lines (each record one line), or Parquet, whose columns and
 * DuckDB types are fixed here so every file has the same schema whatever the records hold.
 */
export type DataFileFormat =
  { kind: 'jsonl' } | { kind: 'parquet'; columns: Record<string, string> };

export interface ExportTargetModule {
  name: ExportTarget;
  /** The data file, relative to the output folder. */
  file: string;
  /** JSON lines unless given. */
  format?: DataFileFormat;
  plan: (
    selected: SelectedTrajectory[],
    context: ExportContext,
  ) => RecordPlan | Promise<RecordPlan>;
  /** `unit` is the planned unit (always passed by the export; tests of single records may omit it). */
  build: (
    trajectories: LoadedTrajectory[],
    context: ExportContext,
    unit?: RecordUnit,
  ) => BuiltRecord;
  /** Loads each message's credit (LoadedTrajectory.message_credit, weighting.source) before build. */
  needsCredit?: boolean;
  /**
   * Where per-trajectory (DRIFT) weights go: 'record' when build writes them into a field of the
   * record (from context.trajectory_weights); 'none' (default) when the format has no such field,
   * so the manifest says so and duplicate_by_weight writes records round(weight) times instead;
   * 'task_prompts' when a record stands for a task's prompt rather than a trajectory, so no
   * trajectory weight applies (nor duplication).
   */
  weightField?: 'none' | 'record' | 'task_prompts';
  /**
   * Adds target-specific data to each batch of loaded trajectories before build (one query per
   * batch, not per trajectory).
   */
  enrich?: (loaded: Map<string, LoadedTrajectory>, context: ExportContext) => Promise<void>;
  /** The trainer settings that read the data file as written; recorded in the manifest. */
  trainerArgs?: Record<string, unknown>;
  /** How the target derived its fields, given the credit parameters; recorded in the manifest. */
  notes?: (creditParams: unknown, selection: ExportSelection) => Record<string, unknown>;
  /** Deterministic files written beside the data file and listed in the manifest. */
  extraFiles?: (context: ExportContext) => ExtraFile[];
}

/** One record per trajectory, in trajectory id order. */
export function onePerTrajectory(selected: SelectedTrajectory[]): RecordPlan {
  return { units: selected.map((t) => ({ trajectory_ids: [t.trajectory_id] })), skipped: [] };
}
